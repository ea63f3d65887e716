import { timingSafeEqual } from 'node:crypto';

/*
 * Checks of the callers that are not users: a provider presenting a token (webhooks), a scraper
 * or the command line presenting a shared secret, a caller on this machine.
 */

/** Compares two secrets in constant time (different lengths are simply unequal). */
export function secretsMatch(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** This machine's addresses as a socket reports a peer (IPv4, IPv6, IPv4-mapped IPv6). */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Whether a socket's peer address is this machine (the socket's own, never X-Forwarded-For). */
export const isLoopback = (remoteAddress: string | undefined): boolean => LOOPBACK.has(remoteAddress ?? '');
