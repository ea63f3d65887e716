import { MESSAGES, SECURITY_TEXTS, TOKEN_TTL } from '@starloop/contract';
import { issueOneTimeToken } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError } from '../cli/cli-error.ts';
import { runCommand } from '../cli/commands.ts';
import { callProcedure } from '../test/admin-auth-cases.ts';
import { addressSequence } from '../test/client-kit.ts';
import { bearer } from '../test/requests-kit.ts';
import {
  createTestAdmin,
  createTestOwner,
  createTestServer,
  ownerPersonId,
  type TTestServer,
} from '../test/test-server.ts';
import { isCommonPassword } from './common-passwords.ts';

const COMMON = ['password1', 'Password1', 'iloveyou', 'qwerty123', 'welcome1', '123456'];
const SHORT = '12345';
const MIN = MESSAGES.registration.passwordMin;

const freshIp = addressSequence('10.94');

describe('the common password list', () => {
  it('comes from the package (tens of thousands of entries) and ignores case and surrounding spaces', () => {
    for (const password of COMMON) expect(isCommonPassword(password), password).toBe(true);
    expect(isCommonPassword(' LETMEIN ')).toBe(true);
    for (const password of ['chai-point-2026', 'Masala dosa at 9', 'owner-pass']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});

describe(`every form that sets a password refuses a common one on ${testDriverName()}`, () => {
  let server: TTestServer;

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp(), ...headers },
      payload: JSON.stringify(body),
    });
  const expectRest = (res: LightMyRequestResponse, message: string, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, field });
  };
  const expectTrpc = (res: LightMyRequestResponse, message: string, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ message, data: { code: 'BAD_REQUEST', field } });
  };
  const signedIn = async (role: 'owner' | 'admin', id: number) =>
    bearer((await server.deps.tokens.issue(role, id)).token);
  /** Calls a change-password procedure with the current password, for each new one tried. */
  const passwordChange =
    (path: string, auth: Record<string, string>, currentPassword: string) => (newPassword: string) =>
      callProcedure(server, { path, kind: 'mutation', input: { currentPassword, newPassword } }, auth);

  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('owner registration (POST /api/payments/initiate), the length message first', async () => {
    const initiate = (password: string) =>
      post('/api/payments/initiate', {
        userData: {
          name: 'Asha Verma',
          email: 'asha@example.com',
          phone: '9123456780',
          businessName: 'Chai Point',
          code: 'chai-common-pw',
          businessUrl: 'https://g.page/r/chai/review',
          salesGuy: 'Direct',
          state: 'Maharashtra',
          city: 'Pune',
          password,
        },
        plan: 'Essential',
        amount: 199900,
      });
    for (const password of COMMON) {
      expectRest(await initiate(password), SECURITY_TEXTS.commonPassword, 'userData.password');
    }
    expectRest(await initiate(SHORT), MIN, 'userData.password');
    const ok = await initiate('chai-point-2026');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('set password and reset password links: refused, and the link still works for a better one', async () => {
    const owner = await createTestOwner(server);
    for (const [url, kind] of [
      ['/api/users/set-password', 'set_password'],
      ['/api/users/reset-password', 'reset_password'],
    ] as const) {
      const { token } = await issueOneTimeToken(server.deps.db, {
        personId: await ownerPersonId(server, owner.id),
        kind,
        ttlSeconds: TOKEN_TTL.resetPasswordSeconds,
      });
      expectRest(await post(url, { token, password: 'iloveyou' }), SECURITY_TEXTS.commonPassword, 'password');
      expectRest(await post(url, { token, password: SHORT }), MIN, 'password');
      const ok = await post(url, { token, password: `${kind}-good-pass` });
      expect(ok.statusCode, ok.body).toBe(200);
    }
  });

  it('owner change password (owner.settings.changePassword)', async () => {
    const owner = await createTestOwner(server, { password: 'owner-pass' });
    const auth = await signedIn('owner', owner.id);
    const change = passwordChange('owner.settings.changePassword', auth, 'owner-pass');
    expectTrpc(await change('qwerty123'), SECURITY_TEXTS.commonPassword, 'newPassword');
    expectTrpc(await change(SHORT), MIN, 'newPassword');
    expect((await change('owner-pass-2026')).statusCode).toBe(200);
  });

  it('admin create (POST /api/admin/admins) and an admin changing their own (admin.auth.changePassword)', async () => {
    const superAdmin = await createTestAdmin(server, { role: 'super_admin', password: 'super-pass-2026' });
    const auth = await signedIn('admin', superAdmin.id);
    const create = (password: string) =>
      post(
        '/api/admin/admins',
        { name: 'New Admin', email: 'new.admin@starloop.test', password, role: 'admin' },
        auth,
      );
    expectRest(await create('welcome1'), SECURITY_TEXTS.commonPassword, 'password');
    expectRest(await create(SHORT), MESSAGES.adminLogin.passwordMin, 'password');
    expect((await create('new-admin-pass-9')).statusCode).toBe(201);

    const change = passwordChange('admin.auth.changePassword', auth, 'super-pass-2026');
    expectTrpc(await change('password1'), SECURITY_TEXTS.commonPassword, 'newPassword');
    expectTrpc(await change(SHORT), MIN, 'newPassword');
    expect((await change('super-pass-2027')).statusCode).toBe(200);
  });

  it('admin:create on the command line', async () => {
    const run = (password: string) =>
      runCommand(
        server.deps.db,
        'admin:create',
        { email: 'cli.common@starloop.test', password, name: 'CLI' },
        { production: false },
      );
    await expect(run('Password1')).rejects.toThrow(
      new CliError(`--password: ${SECURITY_TEXTS.commonPassword}`),
    );
    await expect(run(SHORT)).rejects.toThrow('--password must be at least 6 characters');
    await expect(run('cli-admin-pass-1')).resolves.toContain(
      'Created super_admin CLI <cli.common@starloop.test>',
    );
  });
});
