import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@starloop/config';
import { createMigrator, type TDbHandle } from '@starloop/db';
import { createTestDb, testDriverName } from '@starloop/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../../../auth/api-keys.ts';
import { hashPassword } from '../../../auth/passwords.ts';
import { createTokenService } from '../../../auth/tokens.ts';
import { createServer, type TStarLoopServer } from '../../../server.ts';
import { bearer } from '../../../test/requests-kit.ts';
import { fixtureWebDist } from '../../../test/test-server.ts';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/**
 * Migration 0021 on a database as it was before accounts: owners with their passwords, reviews,
 * a placement, a payment, a signed-in session, a set-password link and an API key. After it every
 * owner is an account with one business and one person in the owner role, all with the owner's id,
 * and the spec's paths answer as they did.
 */
describe(`accounts migration (0021) on a database with data on ${testDriverName()}`, () => {
  let database: TDbHandle;
  let server: TStarLoopServer;
  const owners: { id: number; code: string; phone: string }[] = [];
  let oldToken: string;
  let apiKey: string;

  beforeAll(async () => {
    database = await createTestDb({ migrate: false });
    const db = database.db;
    const before = await createMigrator(db).migrateTo('2026-11-28-0020-review-page-language-list');
    expect(before.error).toBeUndefined();
    const hash = await hashPassword('before-accounts');
    for (const [i, plan] of (['professional', 'essential'] as const).entries()) {
      const code = `pre-accounts-${i}`;
      const phone = `955500000${i}`;
      const { rows } = await sql<{ id: number }>`
        insert into owners (name, email, business_name, contact_number, code, plan, status, password_hash,
          registration_source, subscription_start, subscription_end)
        values (${`Owner ${i}`}, ${`owner${i}@pre.test`}, ${`Shop ${i}`}, ${phone}, ${code}, ${plan}, 'active',
          ${hash}, 'website', now() - interval '10 days', now() + interval '20 days')
        returning id`.execute(db);
      const id = Number(rows[0]!.id);
      owners.push({ id, code, phone });
      await sql`insert into owner_review_stats (owner_id) values (${id})`.execute(db);
      await sql`insert into reviews (owner_id, rating, message) values (${id}, 5, ''), (${id}, 2, 'cold tea')`.execute(
        db,
      );
      await sql`insert into placements (owner_id, key, name) values (${id}, ${`key${i}abcdefgh`}, 'Table 1')`.execute(
        db,
      );
      await sql`insert into payments (owner_id, plan, purpose, provider, amount, currency, status)
        values (${id}, ${plan}, 'registration', 'test', 199900, 'INR', 'captured')`.execute(db);
    }
    // Signed in before the migration; a set-password link still out; an API key of the first owner.
    oldToken = (await createTokenService(db, SECRET).issue('owner', owners[0]!.id)).token;
    await sql`insert into one_time_tokens (token_hash, kind, owner_id, expires_at)
      values ('pre-link-hash', 'set_password', ${owners[1]!.id}, now() + interval '1 day')`.execute(db);
    const key = newApiKey();
    apiKey = key.key;
    await sql`insert into api_keys (owner_id, name, prefix, key_hash)
      values (${owners[0]!.id}, 'pre', ${key.prefix}, ${key.hash})`.execute(db);

    server = await createServer({
      config: loadConfig({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'starloop-accounts-')),
        TOKEN_SECRET: SECRET,
        LOG_LEVEL: 'silent',
      }),
      database,
      logger: false,
      webDistDir: fixtureWebDist(),
      jobs: false,
      reviewPageCacheMs: 0,
    });
    await server.app.ready();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('makes every owner an account with one business and its person in the owner role, ids kept', async () => {
    const db = server.deps.db;
    for (const owner of owners) {
      const business = await db
        .selectFrom('owners')
        .select(['id', 'accountId'])
        .where('id', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(business.accountId).toBe(owner.id);
      const person = await db
        .selectFrom('persons')
        .selectAll()
        .where('id', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(person).toMatchObject({
        phone: owner.phone,
        passwordHash: expect.stringMatching(/^\$argon2id\$/),
      });
      const membership = await db
        .selectFrom('memberships')
        .selectAll()
        .where('personId', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(membership).toMatchObject({ accountId: owner.id, role: 'owner', businessIds: null });
    }
    const link = await db
      .selectFrom('oneTimeTokens')
      .select('personId')
      .where('tokenHash', '=', 'pre-link-hash')
      .executeTakeFirstOrThrow();
    expect(link.personId).toBe(owners[1]!.id);
  });

  it('signs in with the old password, keeps the old session, and answers the spec paths as before', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { contactNumber: owners[0]!.phone, password: 'before-accounts' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user).toMatchObject({
      id: owners[0]!.id,
      code: owners[0]!.code,
      plan: 'professional',
    });

    const me = await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(oldToken) });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ success: true, user: { id: owners[0]!.id, businessName: 'Shop 0' } });
    const stats = await server.app.inject({
      method: 'GET',
      url: '/api/users/stats',
      headers: bearer(oldToken),
    });
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().reviews.map((r: { message: string }) => r.message)).toEqual(['cold tea', '']);
    const link = await server.app.inject({ method: 'GET', url: `/api/users/review-link/${owners[0]!.code}` });
    expect(link.statusCode, link.body).toBe(200);
    const review = await server.app.inject({
      method: 'POST',
      url: '/api/reviews/',
      headers: { 'x-forwarded-for': '10.21.0.1' },
      payload: { code: owners[1]!.code, rating: 5, message: '', deviceId: 'migrated-device' },
    });
    expect(review.statusCode, review.body).toBe(201);
  });

  it('keeps API keys working, now acting for the account', async () => {
    const account = await server.app.inject({
      method: 'GET',
      url: '/api/v1/account',
      headers: bearer(apiKey),
    });
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json()).toMatchObject({ role: 'owner', currentBusinessId: owners[0]!.id });
  });

  it('numbers new accounts and people after the old owners', async () => {
    const { rows } = await sql<{ a: number; p: number }>`
      select nextval(pg_get_serial_sequence('accounts', 'id')) as a, nextval(pg_get_serial_sequence('persons', 'id')) as p`.execute(
      server.deps.db,
    );
    const last = Math.max(...owners.map((o) => o.id));
    expect(Number(rows[0]!.a)).toBeGreaterThan(last);
    expect(Number(rows[0]!.p)).toBeGreaterThan(last);
  });
});
