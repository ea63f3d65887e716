/** `?token=` of the one-time password links; anything else is no token. */
export function validateTokenSearch(search: Record<string, unknown>): { token?: string } {
  const token = search.token;
  return typeof token === 'string' && token.trim() ? { token: token.trim() } : {};
}

/**
 * The token of a one-time password link. New links carry it in the fragment (`#token=…`), which
 * browsers never send to a server, so it cannot reach a request log; links mailed before that
 * carried it in the query (`?token=…`) and still work.
 */
export function linkToken(hash: string, search: { token?: string }): string | undefined {
  const fromHash = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim();
  return fromHash || search.token;
}
