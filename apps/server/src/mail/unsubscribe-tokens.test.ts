import { hashEmailAddress } from '@starloop/db';
import { describe, expect, it } from 'vitest';
import { addressHashOfToken, unsubscribeToken } from './unsubscribe-tokens.ts';

const SECRET = 'test-secret-that-is-long-enough-for-hmac';

describe('unsubscribe tokens', () => {
  it('name the address by its hash only, whatever its case or spaces', () => {
    const token = unsubscribeToken(SECRET, ' Victim@Example.com ');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}$/);
    expect(token.toLowerCase()).not.toContain('victim');
    expect(addressHashOfToken(SECRET, token)).toBe(hashEmailAddress('victim@example.com'));
    expect(unsubscribeToken(SECRET, 'victim@example.com')).toBe(token);
  });

  it('refuse forged, altered, foreign-secret and malformed tokens', () => {
    const token = unsubscribeToken(SECRET, 'victim@example.com');
    const [hash, signature] = token.split('.') as [string, string];
    const other = unsubscribeToken(SECRET, 'someone@example.com');
    expect(addressHashOfToken(SECRET, `${other.split('.')[0]}.${signature}`)).toBeUndefined();
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(addressHashOfToken(SECRET, `${hash}.${flipped}`)).toBeUndefined();
    expect(addressHashOfToken('another-secret-of-enough-length-here', token)).toBeUndefined();
    for (const bad of ['', 'abc', `${hash}.`, `${hash}.${signature}x`, `${hash}!${signature}`]) {
      expect(addressHashOfToken(SECRET, bad)).toBeUndefined();
    }
  });
});
