import { createHash, randomBytes } from 'node:crypto';

/**
 * Owner API keys: `sl_live_` and 32 random bytes (base64url, 256 bits). Only a sha256 is stored:
 * a key this long needs no slow hash to stay out of reach, and checking one costs one indexed
 * lookup per call instead of an argon2 run.
 */
export const API_KEY_PATTERN = /^sl_live_[A-Za-z0-9_-]{43}$/;
/** How much of a key is kept (and shown) to tell keys apart. */
const PREFIX_LENGTH = 12;

export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `sl_live_${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, PREFIX_LENGTH), hash: hashApiKey(key) };
}

export const hashApiKey = (key: string): string =>
  createHash('sha256').update(`starloop-api-key:${key}`).digest('hex');
