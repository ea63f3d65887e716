#!/usr/bin/env node
// Runs the browser journeys against the production build served by the real StarLoop server, on a
// fresh embedded database (or a fresh PostgreSQL database when STARLOOP_TEST_DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH } from '../lib/chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const e2eDir = path.resolve(here, '..');
const root = path.resolve(e2eDir, '../..');

if (!existsSync(CHROMIUM_PATH)) {
  const banner = '#'.repeat(78);
  console.error(
    `\n${banner}\n#  BROWSER TESTS SKIPPED: chromium is not installed (${CHROMIUM_PATH}).\n#  Install it with: apt-get install -y chromium   (.ci/run does this and never skips)\n${banner}\n`,
  );
  process.exit(process.env.CI ? 1 : 0);
}

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('Building the web app for the browser tests...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@starloop/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

async function postgresDatabase() {
  const serverUrl = process.env.STARLOOP_TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const { default: pg } = await import('pg');
  const name = `starloop_e2e_${Date.now().toString(36)}`;
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

// The fake Google (issue 20) on loopback: the server's Google endpoints point at it.
const fakeGoogle = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-fake-google.ts'], {
  cwd: e2eDir,
  stdio: ['ignore', 'pipe', 'inherit'],
});
process.on('exit', () => fakeGoogle.kill('SIGTERM'));
const google = await new Promise((resolve, reject) => {
  let out = '';
  fakeGoogle.stdout.on('data', (chunk) => {
    out += chunk;
    if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]));
  });
  fakeGoogle.on('exit', () => reject(new Error('the fake Google exited before it was ready')));
});

// StarLoop's own WhatsApp number (issue 33's platform channel), faked the same way: case replies go
// out through it and the customer's answers come back as webhooks signed with its app secret.
const fakeWhatsApp = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-fake-whatsapp.ts'], {
  cwd: e2eDir,
  stdio: ['ignore', 'pipe', 'inherit'],
});
process.on('exit', () => fakeWhatsApp.kill('SIGTERM'));
const whatsapp = await new Promise((resolve, reject) => {
  let out = '';
  fakeWhatsApp.stdout.on('data', (chunk) => {
    out += chunk;
    if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]));
  });
  fakeWhatsApp.on('exit', () => reject(new Error('the fake WhatsApp exited before it was ready')));
});
// Web Push (issue 34): a VAPID key pair of this run (P-256, URL-safe base64, as web-push makes
// them). The push journey's fake push service listens on loopback, which only
// OUTBOUND_WEBHOOKS_ALLOW_LOCAL lets an endpoint be (refused in production).
const vapid = createECDH('prime256v1');
vapid.generateKeys();
const vapidPrivate = vapid.getPrivateKey();

const dataDir = mkdtempSync(path.join(tmpdir(), 'starloop-e2e-'));
const port = await freePort();
const database = await postgresDatabase();
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  APP_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  ...(database ? { DATABASE_URL: database.url } : {}),
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
  GOOGLE_API_BASE: google.url,
  GOOGLE_OAUTH_BASE: google.url,
  // The journeys run at any hour: campaign messages may go all day here (the 9-to-9 rule itself is
  // tested by the server's tests with a fixed clock).
  REQUESTS_PROMOTIONAL_HOURS: '0-24',
  WHATSAPP_API_BASE: whatsapp.url,
  WHATSAPP_APP_SECRET: whatsapp.appSecret,
  OPERATOR_WHATSAPP_PHONE_NUMBER_ID: whatsapp.phoneNumberId,
  OPERATOR_WHATSAPP_ACCESS_TOKEN: whatsapp.accessToken,
  OPERATOR_WHATSAPP_RENEWAL_TEMPLATE: 'plan_renewal_reminder',
  OPERATOR_WHATSAPP_CASE_TEMPLATE: 'case_reply',
  VAPID_PUBLIC_KEY: vapid.getPublicKey().toString('base64url'),
  VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - vapidPrivate.length), vapidPrivate]).toString(
    'base64url',
  ),
  VAPID_SUBJECT: 'mailto:e2e@starloop.test',
  OUTBOUND_WEBHOOKS_ALLOW_LOCAL: 'on',
};
delete env.STARLOOP_TEST_DATABASE_URL;
delete env.SMTP_URL;
delete env.RAZORPAY_KEY_ID;
delete env.RAZORPAY_KEY_SECRET;

// The server as production runs it: the built JavaScript (esbuild, about a second).
const serverBuild = spawnSync('npm', ['run', 'build', '-w', '@starloop/server'], {
  cwd: root,
  stdio: 'inherit',
});
if (serverBuild.status !== 0) process.exit(serverBuild.status ?? 1);

const tsx = ['--import', 'tsx'];
console.error(`E2E: ${database ? 'PostgreSQL' : 'embedded PGlite'} database, server on port ${port}`);
const seed = spawnSync(process.execPath, ['apps/server/dist/cli.js', 'db:seed', '--demo'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
if (seed.status !== 0) process.exit(seed.status ?? 1);

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
let serverExited = false;
server.on('exit', () => {
  serverExited = true;
});

const baseUrl = `http://127.0.0.1:${port}`;
const started = Date.now();
for (;;) {
  if (serverExited) {
    console.error('The StarLoop server exited before it was ready.');
    process.exit(1);
  }
  try {
    const res = await fetch(`${baseUrl}/readyz`);
    if (res.ok) break;
  } catch {}
  if (Date.now() - started > 90_000) {
    console.error('The StarLoop server did not become ready within 90 s.');
    server.kill('SIGTERM');
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 250));
}

const only = process.argv.slice(2);
// Journeys that read no data of their own (static pages; every page's accessibility and screenshots)
// run once, on the embedded pass that `npm test` always makes: a second database changes nothing
// they check, and they are a third of the suite's time. Named on the command line, they run anyway.
const DRIVER_INDEPENDENT = ['01-visitor', '08-accessibility-screenshots'];
const onceOnly = (f) =>
  only.length > 0 || !database || !DRIVER_INDEPENDENT.some((name) => f.startsWith(name));
const specs = readdirSync(path.join(e2eDir, 'specs'))
  .filter((f) => f.endsWith('.spec.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .filter(onceOnly)
  .sort()
  .map((f) => path.join('specs', f));

// A second copy of the report goes to a file: CI prints its failures again at the very end, where a
// long log's tail still shows them.
const reportFile = path.join(e2eDir, 'artifacts', `report-${database ? 'postgres' : 'pglite'}.txt`);
mkdirSync(path.dirname(reportFile), { recursive: true });
const result = spawnSync(
  process.execPath,
  [
    ...tsx,
    '--test',
    '--test-concurrency=1',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=spec',
    `--test-reporter-destination=${reportFile}`,
    ...specs,
  ],
  {
    cwd: e2eDir,
    env: {
      ...process.env,
      E2E_BASE_URL: baseUrl,
      E2E_DATA_DIR: dataDir,
      E2E_FAKE_GOOGLE_URL: google.url,
      E2E_FAKE_WHATSAPP: JSON.stringify({
        controlUrl: whatsapp.controlUrl,
        phoneNumberId: whatsapp.phoneNumberId,
        appSecret: whatsapp.appSecret,
      }),
    },
    stdio: 'inherit',
  },
);

server.kill('SIGTERM');
await new Promise((resolve) => {
  if (serverExited) resolve();
  else server.on('exit', resolve);
  setTimeout(resolve, 10_000);
});
fakeGoogle.kill('SIGTERM');
fakeWhatsApp.kill('SIGTERM');
await database?.drop().catch(() => {});
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
