import { writeFileSync } from 'node:fs';
import { findAdminByEmail } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFile } from '../lib/server-lock.ts';
import { createTestServer, type TTestServer } from '../test/test-server.ts';

const SECRET = 'cli-secret-of-this-server-0123456789';

describe(`POST /internal/cli on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const publishLock = () =>
    writeFileSync(
      lockFile(server.config.dataDir),
      JSON.stringify({
        pid: process.pid,
        role: 'server',
        secret: SECRET,
        startedAt: new Date().toISOString(),
      }),
    );
  const createAdmin = (email: string, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    server.app.inject({
      method: 'POST',
      url: '/internal/cli',
      remoteAddress,
      headers,
      payload: { command: 'admin:create', args: { email, password: 'ops-secret-2026', name: 'Ops' } },
    });

  it('is not there without this process holding the lock, whatever the caller sends', async () => {
    const res = await createAdmin('nolock@starloop.in', { 'x-starloop-cli-secret': SECRET });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found: POST /internal/cli' });
    expect(await findAdminByEmail(server.deps.db, 'nolock@starloop.in')).toBeUndefined();
  });

  it('refuses a wrong or missing secret and any caller off this machine, and runs nothing', async () => {
    publishLock();
    for (const [headers, address] of [
      [{}, '127.0.0.1'],
      [{ 'x-starloop-cli-secret': `${SECRET.slice(0, -1)}x` }, '127.0.0.1'],
      [{ 'x-starloop-cli-secret': SECRET }, '203.0.113.9'],
      [{ 'x-starloop-cli-secret': SECRET, 'x-forwarded-for': '127.0.0.1' }, '203.0.113.9'],
    ] as const) {
      const res = await createAdmin('stranger@starloop.in', headers, address);
      expect(res.statusCode).toBe(404);
    }
    expect(await findAdminByEmail(server.deps.db, 'stranger@starloop.in')).toBeUndefined();
  });

  it('runs a command for a local caller with the secret; a refused command is a 400 with its message', async () => {
    publishLock();
    const res = await createAdmin('local@starloop.in', { 'x-starloop-cli-secret': SECRET });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true });
    expect(await findAdminByEmail(server.deps.db, 'local@starloop.in')).toBeDefined();

    const again = await createAdmin('local@starloop.in', { 'x-starloop-cli-secret': SECRET });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ ok: false, output: expect.stringMatching(/already/i) });
  });
});
