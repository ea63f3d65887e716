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

  it('enables Razorpay only when both keys are set', () => {
    expect(loadConfig({ DATA_DIR: tmp(), RAZORPAY_KEY_ID: 'rzp_test_x' }).razorpay.enabled).toBe(false);
    expect(
      loadConfig({ DATA_DIR: tmp(), RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 's' }).razorpay
        .enabled,
    ).toBe(true);
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
