import {
  ADMIN_SECURITY_TEXTS,
  ERROR_TEXTS,
  MESSAGES,
  RECOVERY_CODES,
  SECURITY_TEXTS,
} from '@starloop/contract';
import { testDriverName } from '@starloop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDelaySeconds } from '../../../auth/sign-in-delay.ts';
import { CliError } from '../../../cli/cli-error.ts';
import { runCommand } from '../../../cli/commands.ts';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../../lib/rate-limit.ts';
import { callProcedure } from '../../../test/admin-auth-cases.ts';
import { addressSequence } from '../../../test/client-kit.ts';
import { bearer } from '../../../test/requests-kit.ts';
import { createTestAdmin, createTestServer, type TTestServer } from '../../../test/test-server.ts';

/** The server's clock: fixed, moved by the tests (TOTP codes, challenges and delays read it). */
const START = Date.parse('2026-11-25T10:00:00.000Z');
let clock = START;
const now = () => new Date(clock);
const advance = (seconds: number) => {
  clock += seconds * 1000;
};
/** The code an authenticator app shows at the server's current time. */
const codeNow = (secret: string, offsetSeconds = 0) =>
  generateSync({ secret, epoch: Math.floor(clock / 1000) + offsetSeconds });

const freshIp = addressSequence('10.91');

type TAdmin = Awaited<ReturnType<typeof createTestAdmin>>;

describe(`admin two-factor sign-in and the growing delay on ${testDriverName()}`, () => {
  let server: TTestServer;
  let superAdmin: TAdmin;
  let superAuth: { authorization: string };

  const post = (url: string, body: unknown, ip = freshIp(), headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
      payload: JSON.stringify(body),
    });
  const login = (admin: { email: string }, password: string, ip?: string) =>
    post('/api/admin/login', { email: admin.email, password }, ip);
  const verify = (challengeToken: string, code: string, ip?: string) =>
    post('/api/admin/login/verify', { challengeToken, code }, ip);
  const enrol = (challengeToken: string, code: string, ip?: string) =>
    post('/api/admin/login/enrol', { challengeToken, code }, ip);
  const canUse = async (token: string) =>
    (await server.app.inject({ method: 'GET', url: '/api/admin/admins', headers: bearer(token) })).statusCode;
  const failures = (adminId: number) =>
    server.deps.db
      .selectFrom('admins')
      .select(['failedSignIns', 'signInBlockedUntil'])
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow();
  const auditOf = (action: string, targetId?: number) =>
    server.deps.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', action)
      .$if(targetId !== undefined, (q) => q.where('targetId', '=', targetId!))
      .orderBy('id')
      .execute();
  const setRequired = (twoFactorRequired: boolean, headers = superAuth) =>
    callProcedure(
      server,
      { path: 'admin.security.update', kind: 'mutation', input: { twoFactorRequired } },
      headers,
    );
  const expectRefused = (res: LightMyRequestResponse, status: number, message: string, field?: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, message, ...(field ? { field } : {}) });
  };

  beforeAll(async () => {
    server = await createTestServer({}, { now });
    superAdmin = await createTestAdmin(server, { email: 'owner.of.keys@starloop.test', role: 'super_admin' });
    superAuth = bearer((await server.deps.tokens.issue('admin', superAdmin.id)).token);
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('the growing delay (instead of a 15-minute lockout)', () => {
    it('grows 1, 2, 4 … seconds after four free failures and stops at a minute', () => {
      expect(Array.from({ length: 13 }, (_, i) => signInDelaySeconds(i + 1))).toEqual([
        0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60,
      ]);
    });

    it('answers 429 with Retry-After while the delay runs, counts nothing then, and lets the real admin in after it', async () => {
      const admin = await createTestAdmin(server, { role: 'admin', password: 'the-real-pass-7' });
      for (let i = 0; i < 4; i++) expect((await login(admin, 'guess-pass-1')).statusCode).toBe(401);
      expect(await failures(admin.id)).toEqual({ failedSignIns: 4, signInBlockedUntil: null });

      const fifth = await login(admin, 'guess-pass-1');
      expectRefused(fifth, 401, ERROR_TEXTS.invalidAdminCredentials);
      // Even the right password waits now: the account's next attempt is not checked for a second.
      const early = await login(admin, admin.password);
      expectRefused(early, 429, TOO_MANY_REQUESTS_MESSAGE);
      expect(early.headers['retry-after']).toBe('1');
      expect((await login(admin, 'guess-pass-2')).statusCode).toBe(429);
      expect((await failures(admin.id)).failedSignIns).toBe(5);

      advance(1);
      expect((await login(admin, 'guess-pass-3')).statusCode).toBe(401);
      const waiting = await login(admin, admin.password);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.headers['retry-after']).toBe('2');

      advance(2);
      const real = await login(admin, admin.password);
      expect(real.statusCode, real.body).toBe(200);
      expect(Object.keys(real.json()).sort()).toEqual(['message', 'token']);
      expect(await canUse(real.json().token)).toBe(200);
      expect(await failures(admin.id)).toEqual({ failedSignIns: 0, signInBlockedUntil: null });
    });

    it('keeps a guesser on many addresses to one try a minute, and never locks the real admin out for long', async () => {
      const admin = await createTestAdmin(server, { role: 'admin', password: 'the-real-pass-8' });
      let guesses = 0;
      const startedAt = clock;
      // A guesser who waits out every delay, from a new address each time.
      for (let i = 0; i < 14; i++) {
        const { signInBlockedUntil } = await failures(admin.id);
        if (signInBlockedUntil) clock = Math.max(clock, signInBlockedUntil.getTime());
        expect((await login(admin, `guess-${i}-pass`)).statusCode).toBe(401);
        guesses += 1;
        const blocked = (await failures(admin.id)).signInBlockedUntil;
        if (blocked) expect(blocked.getTime() - clock).toBeLessThanOrEqual(60_000);
      }
      // 14 guesses took the guesser four minutes (five minutes more would buy five more guesses).
      expect(clock - startedAt).toBeGreaterThanOrEqual(4 * 60_000);
      expect(guesses).toBe(14);
      // The real admin, arriving at the worst moment, waits at most a minute.
      expect((await login(admin, admin.password)).statusCode).toBe(429);
      advance(60);
      expect((await login(admin, admin.password)).statusCode).toBe(200);
    });
  });

  describe('turning two-factor sign-in on', () => {
    it('is a super admin setting: a plain admin gets 403, no token 401', async () => {
      const plain = await createTestAdmin(server, { role: 'admin' });
      const plainAuth = bearer((await server.deps.tokens.issue('admin', plain.id)).token);
      expect((await setRequired(true, plainAuth)).statusCode).toBe(403);
      expect((await setRequired(true, {} as typeof superAuth)).statusCode).toBe(401);
      const read = await callProcedure(server, { path: 'admin.security.get', kind: 'query' }, plainAuth);
      expect(read.statusCode).toBe(403);
    });

    it('a super admin requires it for everyone; the change is audited', async () => {
      const res = await setRequired(true);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result.data).toEqual({
        success: true,
        message: ADMIN_SECURITY_TEXTS.settingsSaved(true),
        settings: { twoFactorRequired: true, updatedAt: new Date(clock).toISOString() },
      });
      const [row] = await auditOf('two_factor.requirement_change');
      expect(row).toMatchObject({
        actorKind: 'admin',
        actorId: superAdmin.id,
        targetTable: 'admin_security_settings',
        details: { twoFactorRequired: true, before: false },
      });
    });
  });

  describe('enrolment, sign-in with a code, recovery codes', () => {
    let admin: TAdmin;
    let secret: string;
    let recoveryCodes: string[];

    beforeAll(async () => {
      admin = await createTestAdmin(server, { role: 'admin', email: 'kavya.2fa@starloop.test' });
    });

    it('the first sign-in after that answers an enrolment challenge instead of a token', async () => {
      const res = await login(admin, admin.password);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.token).toBeUndefined();
      expect(body.message).toBe(ADMIN_SECURITY_TEXTS.enrolNeeded);
      expect(body.twoFactor).toEqual({
        step: 'enrol',
        challengeToken: expect.stringMatching(/^[\w-]{40,}$/),
        expiresAt: new Date(clock + 5 * 60_000).toISOString(),
        enrolment: { secret: expect.stringMatching(/^[A-Z2-7]{32}$/), otpauthUri: expect.any(String) },
      });
      secret = body.twoFactor.enrolment.secret;
      expect(body.twoFactor.enrolment.otpauthUri).toBe(
        `otpauth://totp/StarLoop:kavya.2fa%40starloop.test?secret=${secret}&issuer=StarLoop`,
      );
      const challenge = body.twoFactor.challengeToken;

      // A wrong code: 401 naming the field; the challenge stays usable.
      const wrong = await enrol(challenge, codeNow(secret, 300));
      expectRefused(wrong, 401, ADMIN_SECURITY_TEXTS.codeWrong, 'code');
      expectRefused(await enrol(challenge, '12ab'), 400, ADMIN_SECURITY_TEXTS.codeFormat, 'code');

      const ok = await enrol(challenge, codeNow(secret));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().message).toBe(ADMIN_SECURITY_TEXTS.enrolled);
      recoveryCodes = ok.json().recoveryCodes;
      expect(recoveryCodes).toHaveLength(RECOVERY_CODES.count);
      expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODES.count);
      for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODES.pattern);
      expect(await canUse(ok.json().token)).toBe(200);

      // A challenge finishes one sign-in.
      expectRefused(await enrol(challenge, codeNow(secret)), 401, ADMIN_SECURITY_TEXTS.challengeExpired);
    });

    it('stores the secret sealed and the recovery codes hashed, and audits the enrolment', async () => {
      const stored = await server.deps.db
        .selectFrom('adminTwoFactor')
        .selectAll()
        .where('adminId', '=', admin.id)
        .executeTakeFirstOrThrow();
      expect(stored.secretSealed).not.toContain(secret);
      expect(stored.secretSealed).toMatch(/^v1\./);
      const codes = await server.deps.db
        .selectFrom('adminRecoveryCodes')
        .select('codeHash')
        .where('adminId', '=', admin.id)
        .execute();
      expect(codes).toHaveLength(10);
      for (const { codeHash } of codes) {
        expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
        expect(recoveryCodes).not.toContain(codeHash);
      }
      const [enrolled] = await auditOf('two_factor.enrol', admin.id);
      expect(enrolled).toMatchObject({ actorKind: 'admin', actorId: admin.id, targetTable: 'admins' });
      expect(JSON.stringify(enrolled!.details)).not.toContain(secret);
      const signIns = await auditOf('admin.sign_in', admin.id);
      expect(signIns.at(-1)?.details).toEqual({ method: 'totp_enrolment' });
    });

    it('later sign-ins need the code of the moment (a fixed clock), each code once', async () => {
      advance(60);
      const first = await login(admin, admin.password);
      expect(first.json()).toEqual({
        message: ADMIN_SECURITY_TEXTS.codeNeeded,
        twoFactor: {
          step: 'verify',
          challengeToken: expect.any(String),
          expiresAt: new Date(clock + 5 * 60_000).toISOString(),
        },
      });
      const code = codeNow(secret);
      // A code from a minute ago or a minute ahead is refused.
      expectRefused(
        await verify(first.json().twoFactor.challengeToken, codeNow(secret, -60)),
        401,
        ADMIN_SECURITY_TEXTS.codeWrong,
        'code',
      );
      expect((await verify(first.json().twoFactor.challengeToken, codeNow(secret, 60))).statusCode).toBe(401);
      const ok = await verify(first.json().twoFactor.challengeToken, code);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ token: expect.any(String), message: ERROR_TEXTS.adminLoginSuccess });
      expect(await canUse(ok.json().token)).toBe(200);

      // The same code again, on a new challenge: refused (replay).
      const again = await login(admin, admin.password);
      expect((await verify(again.json().twoFactor.challengeToken, code)).statusCode).toBe(401);
      // The next step's code works (typed with a space, as apps show it).
      advance(30);
      const next = codeNow(secret);
      const spaced = `${next.slice(0, 3)} ${next.slice(3)}`;
      expect((await verify(again.json().twoFactor.challengeToken, spaced)).statusCode).toBe(200);
      expect((await failures(admin.id)).failedSignIns).toBe(0);
    });

    it('a recovery code works once, whatever its case and dashes', async () => {
      advance(30);
      const [code] = recoveryCodes;
      const typed = code!.replaceAll('-', '').toLowerCase();
      const challenge = (await login(admin, admin.password)).json().twoFactor.challengeToken;
      const ok = await verify(challenge, typed);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({
        token: expect.any(String),
        message: ADMIN_SECURITY_TEXTS.recoveryCodeUsed(9),
        recoveryCodesLeft: 9,
      });
      expect(await canUse(ok.json().token)).toBe(200);
      const [used] = await auditOf('two_factor.recovery_code_use', admin.id);
      expect(used?.details).toEqual({ recoveryCodesLeft: 9 });
      expect(JSON.stringify(used?.details)).not.toContain(code);

      const second = (await login(admin, admin.password)).json().twoFactor.challengeToken;
      expectRefused(await verify(second, code!), 401, ADMIN_SECURITY_TEXTS.codeWrong, 'code');
      // Another one still works.
      expect((await verify(second, recoveryCodes[1]!)).json().recoveryCodesLeft).toBe(8);
    });

    it('a challenge lasts five minutes', async () => {
      advance(60);
      const challenge = (await login(admin, admin.password)).json().twoFactor.challengeToken;
      advance(5 * 60 + 1);
      expectRefused(await verify(challenge, codeNow(secret)), 401, ADMIN_SECURITY_TEXTS.challengeExpired);
      expectRefused(
        await verify('made-up-challenge-token', codeNow(secret)),
        401,
        ADMIN_SECURITY_TEXTS.challengeExpired,
      );
    });

    it('a wrong code counts toward the growing delay like a wrong password', async () => {
      advance(60);
      const challenge = (await login(admin, admin.password)).json().twoFactor.challengeToken;
      for (let i = 1; i <= 4; i++) {
        expect((await verify(challenge, codeNow(secret, 600 + i * 30))).statusCode).toBe(401);
        expect((await failures(admin.id)).failedSignIns).toBe(i);
      }
      expect((await verify(challenge, codeNow(secret, 900))).statusCode).toBe(401);
      // Blocked now, even for the right code; the wait ends and the right code gets in.
      expect((await verify(challenge, codeNow(secret))).statusCode).toBe(429);
      advance(1);
      expect((await verify(challenge, codeNow(secret))).statusCode).toBe(200);
    });

    it('admin:reset-2fa (a super admin, from the command line) removes the app and signs the admin out', async () => {
      advance(60);
      const session = (await server.deps.tokens.issue('admin', admin.id)).token;
      await expect(
        runCommand(
          server.deps.db,
          'admin:reset-2fa',
          { email: admin.email, by: admin.email },
          { production: false },
        ),
      ).rejects.toThrow(CliError);
      const out = await runCommand(
        server.deps.db,
        'admin:reset-2fa',
        { email: admin.email.toUpperCase(), by: superAdmin.email },
        { production: false },
      );
      expect(out).toContain(`Two-factor sign-in of ${admin.email} was reset by ${superAdmin.email}`);
      expect(await canUse(session)).toBe(401);
      const left = await server.deps.db
        .selectFrom('adminRecoveryCodes')
        .select('id')
        .where('adminId', '=', admin.id)
        .execute();
      expect(left).toEqual([]);
      const [reset] = await auditOf('two_factor.reset', admin.id);
      expect(reset).toMatchObject({
        actorKind: 'admin',
        actorId: superAdmin.id,
        details: { via: 'cli', hadTwoFactor: true },
      });
      // Two-factor sign-in is still required: the next sign-in sets up a new app.
      const next = await login(admin, admin.password);
      expect(next.json().twoFactor.step).toBe('enrol');
      await expect(
        runCommand(
          server.deps.db,
          'admin:reset-2fa',
          { email: 'nobody@starloop.test', by: superAdmin.email },
          {
            production: false,
          },
        ),
      ).rejects.toThrow('No admin has the email nobody@starloop.test. Nothing was changed.');
    });
  });

  describe('wrong codes and the address limit', () => {
    it('spend the same per-address points as wrong passwords', async () => {
      const limited = await createTestServer({}, { now, rateLimits: { adminLoginPerIp: { points: 3 } } });
      try {
        const admin = await createTestAdmin(limited, { role: 'super_admin' });
        await callProcedure(
          limited,
          { path: 'admin.security.update', kind: 'mutation', input: { twoFactorRequired: true } },
          bearer((await limited.deps.tokens.issue('admin', admin.id)).token),
        );
        const call = (url: string, body: unknown) =>
          limited.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.92.0.1' },
            payload: JSON.stringify(body),
          });
        const signIn = await call('/api/admin/login', { email: admin.email, password: admin.password });
        const { challengeToken } = signIn.json().twoFactor;
        expect((await call('/api/admin/login/enrol', { challengeToken, code: '000000' })).statusCode).toBe(
          401,
        );
        expect((await call('/api/admin/login/enrol', { challengeToken, code: '000001' })).statusCode).toBe(
          401,
        );
        // Two failures only: the account is not delayed, the address has spent its three points.
        const fourth = await call('/api/admin/login/enrol', { challengeToken, code: '000002' });
        expect(fourth.statusCode).toBe(429);
        expect(fourth.json().message).toBe(TOO_MANY_REQUESTS_MESSAGE);
      } finally {
        await limited.stop();
      }
    });
  });

  describe('an admin changes their own password', () => {
    it('checks the current one, refuses a common or short one, and signs the other sessions out', async () => {
      await setRequired(false);
      const admin = await createTestAdmin(server, { role: 'admin', password: 'old-pass-2026' });
      const here = bearer((await server.deps.tokens.issue('admin', admin.id)).token);
      const elsewhere = (await server.deps.tokens.issue('admin', admin.id)).token;
      const change = (currentPassword: string, newPassword: string) =>
        callProcedure(
          server,
          { path: 'admin.auth.changePassword', kind: 'mutation', input: { currentPassword, newPassword } },
          { ...here, 'x-forwarded-for': '10.93.0.7' },
        );
      const expectTrpc = (res: LightMyRequestResponse, message: string, field: string) => {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error).toMatchObject({ message, data: { field } });
      };
      expectTrpc(
        await change('not-my-pass', 'new-pass-2026'),
        ADMIN_SECURITY_TEXTS.currentPasswordWrong,
        'currentPassword',
      );
      expectTrpc(await change('old-pass-2026', '12345'), MESSAGES.registration.passwordMin, 'newPassword');
      expectTrpc(await change('old-pass-2026', 'Password123'), SECURITY_TEXTS.commonPassword, 'newPassword');
      expectTrpc(
        await change('old-pass-2026', 'old-pass-2026'),
        ADMIN_SECURITY_TEXTS.samePassword,
        'newPassword',
      );

      const ok = await change('old-pass-2026', 'new-pass-2026');
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().result.data).toEqual({ success: true, message: ADMIN_SECURITY_TEXTS.passwordChanged });
      expect(await canUse(elsewhere)).toBe(401);
      expect(
        (await server.app.inject({ method: 'GET', url: '/api/admin/admins', headers: here })).statusCode,
      ).toBe(200);
      expect((await login(admin, 'old-pass-2026')).statusCode).toBe(401);
      expect((await login(admin, 'new-pass-2026')).statusCode).toBe(200);
      const [row] = await auditOf('admin.password_change', admin.id);
      expect(row).toMatchObject({
        actorKind: 'admin',
        actorId: admin.id,
        ip: '10.93.0.7',
        details: { otherSessionsSignedOut: 1 },
      });
      expect(JSON.stringify(row)).not.toContain('new-pass-2026');
    });
  });
});
