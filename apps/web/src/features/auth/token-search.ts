/** `?token=` of the one-time password links; anything else is no token. */
export function validateTokenSearch(search: Record<string, unknown>): { token?: string } {
  const token = search.token;
  return typeof token === 'string' && token.trim() ? { token: token.trim() } : {};
}
