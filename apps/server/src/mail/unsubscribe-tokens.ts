import { createHmac, timingSafeEqual } from 'node:crypto';
import { hashEmailAddress } from '@starloop/db';

/**
 * Unsubscribe tokens: `<sha256 of the address>.<HMAC of it>`, both base64url. The link names the
 * address only by its hash (a forwarded mail or a proxy log does not leak it), and the HMAC with
 * TOKEN_SECRET means nobody can unsubscribe an address they did not get a mail at. Nothing is stored
 * until it is used. Rotating TOKEN_SECRET retires the links already sent.
 */

const SIGNATURE_BYTES = 16;

const signatureOf = (secret: string, addressHash: string) =>
  createHmac('sha256', secret)
    .update(`starloop:unsubscribe:${addressHash}`)
    .digest()
    .subarray(0, SIGNATURE_BYTES);

export function unsubscribeToken(secret: string, email: string): string {
  const addressHash = hashEmailAddress(email);
  return `${Buffer.from(addressHash, 'hex').toString('base64url')}.${signatureOf(secret, addressHash).toString('base64url')}`;
}

/** The address hash (hex) a genuine token names; undefined for anything else. */
export function addressHashOfToken(secret: string, token: string): string | undefined {
  const match = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return undefined;
  const hash = Buffer.from(match[1]!, 'base64url');
  const given = Buffer.from(match[2]!, 'base64url');
  if (hash.length !== 32 || given.length !== SIGNATURE_BYTES) return undefined;
  const addressHash = hash.toString('hex');
  return timingSafeEqual(given, signatureOf(secret, addressHash)) ? addressHash : undefined;
}

/**
 * Review request emails carry a link that stops that business's requests to the customer (not all
 * mail): `r<request id>.<HMAC of it>`. The id alone tells nothing without the database, and only
 * someone who got the mail holds a valid signature.
 */
const requestSignatureOf = (secret: string, requestId: number) =>
  createHmac('sha256', secret)
    .update(`starloop:request-unsubscribe:${requestId}`)
    .digest()
    .subarray(0, SIGNATURE_BYTES);

export function requestUnsubscribeToken(secret: string, requestId: number): string {
  return `r${requestId}.${requestSignatureOf(secret, requestId).toString('base64url')}`;
}

/** The request a genuine request-unsubscribe token names; undefined for anything else. */
export function requestIdOfUnsubscribeToken(secret: string, token: string): number | undefined {
  const match = /^r(\d{1,15})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return undefined;
  const requestId = Number(match[1]);
  const given = Buffer.from(match[2]!, 'base64url');
  if (!Number.isSafeInteger(requestId) || given.length !== SIGNATURE_BYTES) return undefined;
  return timingSafeEqual(given, requestSignatureOf(secret, requestId)) ? requestId : undefined;
}
