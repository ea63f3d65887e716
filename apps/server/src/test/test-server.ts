import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type TConfig } from '@starloop/config';
import { findBusinessOwnerPerson, insertAdmin, insertOwner, type TOwnerPublic } from '@starloop/db';
import { createTestDb } from '@starloop/db/testing';
import { hashPassword } from '../auth/passwords.ts';
import { createServer, type TCreateServerOptions, type TStarLoopServer } from '../server.ts';
import { checkAnswersAgainstDocument } from './openapi-answers.ts';

export const FIXTURE_INDEX_HTML =
  '<!doctype html><html><body><div id="root">StarLoop test build</div></body></html>';

/** A fake web build so SPA fallback and 404 handling can be tested without building the app. */
export function fixtureWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'starloop-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), FIXTURE_INDEX_HTML);
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  return dir;
}

export interface TTestServer extends TStarLoopServer {
  config: TConfig;
}

/** A server on a fresh database of the test tier (PGlite, or PostgreSQL when configured). */
/**
 * The review page's owner cache is off by default here, because tests change owners straight in
 * the database; pass `reviewPageCacheMs` to test with it. Every answer its `app.inject` gets from a
 * documented REST operation is checked against the OpenAPI document (openapi-answers.ts).
 */
export async function createTestServer(
  env: Record<string, string> = {},
  options: {
    reviewPageCacheMs?: number;
    rateLimits?: TCreateServerOptions['rateLimits'];
    /** The server's clock (tokens, sessions, TOTP codes, sign-in delays); the real one by default. */
    now?: () => Date;
    /** A web build of the test's own (default: fixtureWebDist()). */
    webDistDir?: string;
  } = {},
): Promise<TTestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'starloop-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    TOKEN_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    // app.inject() connects from 127.0.0.1: tests play the load balancer and name the client in
    // X-Forwarded-For (trust-proxy.int.test.ts covers the header without a trusted proxy).
    TRUST_PROXY: 'loopback',
    ...env,
  });
  const database = await createTestDb();
  const server = await createServer({
    config,
    database,
    logger: false,
    webDistDir: options.webDistDir ?? fixtureWebDist(),
    jobPollingSeconds: 0.5,
    reviewPageCacheMs: options.reviewPageCacheMs ?? 0,
    rateLimits: options.rateLimits,
    ...(options.now ? { now: options.now } : {}),
  });
  await server.app.ready();
  checkAnswersAgainstDocument(server.app);
  return Object.assign(server, { config });
}

let phoneCounter = 0;
export async function createTestOwner(
  server: TStarLoopServer,
  overrides: Partial<Parameters<typeof insertOwner>[1]> & { password?: string } = {},
): Promise<TOwnerPublic & { password: string }> {
  phoneCounter += 1;
  const { password = 'owner-pass', ...rest } = overrides;
  const owner = await insertOwner(server.deps.db, {
    name: 'Test Owner',
    businessName: 'Test Business',
    contactNumber:
      `90000${String(Date.now() % 100000).padStart(5, '0')}`.slice(0, 5) +
      String(10000 + phoneCounter).slice(-5),
    code: `test-biz-${phoneCounter}-${Math.random().toString(36).slice(2, 7)}`,
    registrationSource: 'website',
    status: 'active',
    passwordHash: await hashPassword(password),
    ...rest,
  });
  return { ...owner, password };
}

/**
 * An owner token for the person who owns this business: tokens name people (migration 0021), and a
 * business's id is its owner's only where the two were made together.
 */
export async function issueOwnerToken(
  server: Pick<TStarLoopServer, 'deps'>,
  businessId: number,
): Promise<{ token: string; expiresAt: Date }> {
  return server.deps.tokens.issue('owner', await ownerPersonId(server, businessId));
}

/** The id of the person who owns this business (one-time links and tokens name people). */
export async function ownerPersonId(
  server: Pick<TStarLoopServer, 'deps'>,
  businessId: number,
): Promise<number> {
  const person = await findBusinessOwnerPerson(server.deps.db, businessId);
  if (!person) throw new Error(`business ${businessId} has no owner`);
  return person.id;
}

/** The three owners the admin list tests hang their rows on (and search by name, business or code). */
export async function createSampleOwners(server: TStarLoopServer) {
  const owner = (name: string, businessName: string, code: string, contactNumber: string) =>
    createTestOwner(server, { name, businessName, code, contactNumber });
  return {
    sharma: await owner('Ravi Sharma', 'Sharma Sweets', 'sharma-sweets', '9000000101'),
    mehta: await owner('Neha Mehta', 'Mehta Cafe', 'mehta-cafe', '9000000102'),
    glow: await owner('Imran Q', 'Glow Salon', 'glow-salon', '9000000103'),
  };
}

export async function createTestAdmin(
  server: TStarLoopServer,
  overrides: {
    email?: string;
    password?: string;
    role?: 'super_admin' | 'admin';
    status?: 'active' | 'disabled';
  } = {},
) {
  const password = overrides.password ?? 'admin-pass';
  const admin = await insertAdmin(server.deps.db, {
    name: 'Test Admin',
    email: overrides.email ?? `admin-${Math.random().toString(36).slice(2, 8)}@starloop.test`,
    passwordHash: await hashPassword(password),
    role: overrides.role ?? 'super_admin',
    status: overrides.status ?? 'active',
  });
  return { ...admin, password };
}

export const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(body),
});
