import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './index.ts';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'starloop-config-'));

describe('config', () => {
  it('applies defaults', () => {
    const config = loadConfig({ DATA_DIR: tmp() });
    expect(config.server.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.database.driver).toBe('pglite');
    expect(config.razorpay.enabled).toBe(false);
    expect(config.razorpay.apiBase).toBe('https://api.razorpay.com/v1');
  });

  it('keeps rate limits on unless RATE_LIMITS is exactly off', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).rateLimitsEnabled).toBe(true);
    expect(loadConfig({ DATA_DIR: tmp(), RATE_LIMITS: 'off' }).rateLimitsEnabled).toBe(false);
    expect(() => parseEnv({ RATE_LIMITS: 'no' })).toThrow(/RATE_LIMITS: must be 'on' or 'off'/);
  });

  it('runs job workers unless JOB_WORKERS=off, which needs PostgreSQL', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).jobWorkers).toBe(true);
    const url = 'postgres://postgres@127.0.0.1:5432/starloop';
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: url, JOB_WORKERS: 'off' }).jobWorkers).toBe(false);
    expect(() => parseEnv({ JOB_WORKERS: 'off' })).toThrow(/JOB_WORKERS: 'off' needs DATABASE_URL/);
    expect(() => parseEnv({ JOB_WORKERS: 'maybe' })).toThrow(/JOB_WORKERS: must be 'on' or 'off'/);
  });

  it('reads the promotional hours of review requests (9 to 21 IST unless narrowed)', () => {
    expect(parseEnv({}).REQUESTS_PROMOTIONAL_HOURS).toEqual({ from: 9, to: 21 });
    expect(parseEnv({ REQUESTS_PROMOTIONAL_HOURS: '10-19' }).REQUESTS_PROMOTIONAL_HOURS).toEqual({
      from: 10,
      to: 19,
    });
    for (const bad of ['21-9', '9', '9-25', 'nine-five']) {
      expect(() => parseEnv({ REQUESTS_PROMOTIONAL_HOURS: bad }), bad).toThrow(
        /REQUESTS_PROMOTIONAL_HOURS: must be/,
      );
    }
  });

  it('fails fast on a bad PORT, naming the variable', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT: must be between 0 and 65535/);
  });

  it('fails fast on a malformed DATABASE_URL, naming the variable', () => {
    try {
      parseEnv({ DATABASE_URL: 'mysql://nope' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).issues.map((i) => i.variable)).toEqual(['DATABASE_URL']);
    }
    expect(() => parseEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' });
    expect(config.database.driver).toBe('postgres');
  });

  it('enables Razorpay when both keys are set; one key alone stops the start, naming both', () => {
    expect(
      loadConfig({ DATA_DIR: tmp(), RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 's' }).razorpay
        .enabled,
    ).toBe(true);
    for (const half of [{ RAZORPAY_KEY_ID: 'rzp_test_x' }, { RAZORPAY_KEY_SECRET: 's' }]) {
      try {
        parseEnv(half);
        expect.unreachable();
      } catch (error) {
        expect((error as ConfigError).issues.map((i) => i.variable)).toEqual([
          'RAZORPAY_KEY_ID',
          'RAZORPAY_KEY_SECRET',
        ]);
      }
    }
  });

  it('turns Google reviews on only with both the client id and secret; one alone stops the start', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).google.enabled).toBe(false);
    expect(
      loadConfig({
        DATA_DIR: tmp(),
        GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 's',
      }).google.enabled,
    ).toBe(true);
    for (const half of [{ GOOGLE_CLIENT_ID: 'id' }, { GOOGLE_CLIENT_SECRET: 's' }]) {
      try {
        parseEnv(half);
        expect.unreachable();
      } catch (error) {
        expect((error as ConfigError).issues.map((i) => i.variable)).toEqual([
          'GOOGLE_CLIENT_ID',
          'GOOGLE_CLIENT_SECRET',
        ]);
      }
    }
  });

  it('configures Web Push only with the VAPID pair and a subject; never echoes the private key', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).webPush).toBeUndefined();
    const privateKey = 'Dt1CLgQlkiaA-tmCkATyKZeoF1-Gtw1-gdEP6pOCqj4';
    const full = {
      VAPID_PUBLIC_KEY:
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      VAPID_PRIVATE_KEY: privateKey,
      VAPID_SUBJECT: 'mailto:alerts@starloop.in',
    };
    expect(loadConfig({ DATA_DIR: tmp(), ...full }).webPush).toEqual({
      publicKey: full.VAPID_PUBLIC_KEY,
      privateKey,
      subject: 'mailto:alerts@starloop.in',
    });
    try {
      parseEnv({ VAPID_PRIVATE_KEY: privateKey });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).issues.map((i) => i.variable)).toEqual([
        'VAPID_PUBLIC_KEY',
        'VAPID_SUBJECT',
      ]);
      expect((error as ConfigError).message).not.toContain(privateKey);
    }
    expect(() => parseEnv({ ...full, VAPID_SUBJECT: 'alerts@starloop.in' })).toThrow(/VAPID_SUBJECT/);
    expect(() => parseEnv({ ...full, VAPID_PUBLIC_KEY: 'short' })).toThrow(/VAPID_PUBLIC_KEY/);
  });

  it("configures StarLoop's own WhatsApp sender only with its number, token and template; never echoes the token", () => {
    expect(loadConfig({ DATA_DIR: tmp() }).operatorWhatsApp).toBeUndefined();
    const token = 'EAAG-operator-token-0123456789';
    const full = {
      OPERATOR_WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      OPERATOR_WHATSAPP_ACCESS_TOKEN: token,
      OPERATOR_WHATSAPP_RENEWAL_TEMPLATE: 'renewal_reminder',
    };
    expect(loadConfig({ DATA_DIR: tmp(), ...full }).operatorWhatsApp).toEqual({
      phoneNumberId: '106540352242922',
      accessToken: token,
      renewalTemplate: 'renewal_reminder',
      caseAlertTemplate: undefined,
      templateLanguage: 'en',
    });
    // Case alerts by WhatsApp: their own approved template, only beside the sender's three.
    expect(
      loadConfig({ DATA_DIR: tmp(), ...full, OPERATOR_WHATSAPP_CASE_ALERT_TEMPLATE: 'case_alert' })
        .operatorWhatsApp?.caseAlertTemplate,
    ).toBe('case_alert');
    expect(() => parseEnv({ OPERATOR_WHATSAPP_CASE_ALERT_TEMPLATE: 'case_alert' })).toThrow(
      /OPERATOR_WHATSAPP_CASE_ALERT_TEMPLATE: needs StarLoop's WhatsApp sender/,
    );
    expect(
      parseEnv({ ...full, OPERATOR_WHATSAPP_TEMPLATE_LANGUAGE: 'en_US' }).OPERATOR_WHATSAPP_TEMPLATE_LANGUAGE,
    ).toBe('en_US');
    try {
      parseEnv({ OPERATOR_WHATSAPP_ACCESS_TOKEN: token });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).issues.map((i) => i.variable)).toEqual([
        'OPERATOR_WHATSAPP_PHONE_NUMBER_ID',
        'OPERATOR_WHATSAPP_RENEWAL_TEMPLATE',
      ]);
      expect((error as ConfigError).message).not.toContain(token);
    }
    for (const [variable, value] of [
      ['OPERATOR_WHATSAPP_PHONE_NUMBER_ID', '+91 98123 45678'],
      ['OPERATOR_WHATSAPP_RENEWAL_TEMPLATE', 'Renewal Reminder'],
      ['OPERATOR_WHATSAPP_CASE_ALERT_TEMPLATE', 'Case Alert'],
      ['OPERATOR_WHATSAPP_TEMPLATE_LANGUAGE', 'English'],
      ['OPERATOR_WHATSAPP_ACCESS_TOKEN', 'short'],
    ] as const) {
      expect(() => parseEnv({ ...full, [variable]: value }), variable).toThrow(
        new RegExp(`${variable}: must`),
      );
    }
  });

  describe('in production', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' };
    const secret = { TOKEN_SECRET: 'a-production-secret-of-at-least-32-chars' };

    it('refuses to start without every Razorpay secret, unless the test gateway is asked for', () => {
      expect(() => parseEnv({ NODE_ENV: 'production', ...secret })).toThrow(/RAZORPAY_WEBHOOK_SECRET/);
      expect(() =>
        parseEnv({ NODE_ENV: 'production', ...secret, ...keys, RAZORPAY_WEBHOOK_SECRET: '' }),
      ).toThrow(/PAYMENTS_TEST_MODE=on/);
      expect(
        loadConfig({ NODE_ENV: 'production', ...secret, ...keys, DATA_DIR: tmp() }).razorpay.enabled,
      ).toBe(true);
      const testMode = loadConfig({
        NODE_ENV: 'production',
        ...secret,
        PAYMENTS_TEST_MODE: 'on',
        DATA_DIR: tmp(),
      });
      expect(testMode.razorpay.enabled).toBe(false);
    });

    it('refuses RATE_LIMITS=off and a missing TOKEN_SECRET', () => {
      expect(() => parseEnv({ NODE_ENV: 'production', ...keys, ...secret, RATE_LIMITS: 'off' })).toThrow(
        /RATE_LIMITS: 'off' is for benchmarks/,
      );
      expect(() => parseEnv({ NODE_ENV: 'production', ...keys })).toThrow(/TOKEN_SECRET: is required/);
    });

    it('refuses outbound webhooks to local addresses', () => {
      expect(() =>
        parseEnv({ NODE_ENV: 'production', ...keys, ...secret, OUTBOUND_WEBHOOKS_ALLOW_LOCAL: 'on' }),
      ).toThrow(/OUTBOUND_WEBHOOKS_ALLOW_LOCAL: 'on' lets owners aim webhooks at internal addresses/);
      expect(parseEnv({ OUTBOUND_WEBHOOKS_ALLOW_LOCAL: 'on' }).OUTBOUND_WEBHOOKS_ALLOW_LOCAL).toBe('on');
    });
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).trustProxy).toBe(false);
    expect(
      loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::1 , 192.168.1.7' }).trustProxy,
    ).toEqual(['loopback', '10.0.0.0/8', 'fd00::1', '192.168.1.7']);
    for (const bad of ['true', '2', '10.0.0.0/33', 'proxy.internal', '1.2.3.4/8/9']) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must list addresses/);
    }
  });

  it('reads the limits and timeouts, in milliseconds where they are used', () => {
    const config = loadConfig({ DATA_DIR: tmp(), SHUTDOWN_TIMEOUT: '25', REVIEW_QUEUE_MAX: '100' });
    expect(config.limits.shutdownTimeoutMs).toBe(25_000);
    expect(config.reviews).toEqual({ perBusinessPerHour: 120, writerQueueMax: 100 });
    expect(config.limits.databaseStatementTimeoutMs).toBe(15_000);
    expect(() => parseEnv({ REVIEW_QUEUE_MAX: '0' })).toThrow(/REVIEW_QUEUE_MAX: must be above 0/);
  });

  it('generates and keeps a token secret under DATA_DIR when none is given', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).tokenSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'token-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).tokenSecret).toBe(first);
  });

  it('rejects a short TOKEN_SECRET', () => {
    expect(() => parseEnv({ TOKEN_SECRET: 'short' })).toThrow(/TOKEN_SECRET/);
  });

  it('derives APP_URL from PORT and strips a trailing slash from a given one', () => {
    expect(loadConfig({ DATA_DIR: tmp(), PORT: '4000' }).appUrl).toBe('http://localhost:4000');
    expect(loadConfig({ DATA_DIR: tmp(), APP_URL: 'https://x.in/' }).appUrl).toBe('https://x.in');
  });
});
