/**
 * The branch the owner area works on, kept in the URL (`?branch=<business id>`) so a reload or a
 * shared link opens the same branch; every owner-side call carries it as `X-Business-Id`. Without
 * it the server answers for the person's first branch.
 */
export const BRANCH_PARAM = 'branch';

/** The branch in a URL's search string, when it is an id. */
export function currentBranch(search: string): string | undefined {
  const value = new URLSearchParams(search).get(BRANCH_PARAM);
  return value && /^[1-9]\d{0,15}$/.test(value) ? value : undefined;
}

/** The dashboard route's search: `branch` kept as a positive whole number, anything else dropped. */
export function validateBranchSearch(search: Record<string, unknown>): { branch?: number } {
  const value = Number(search[BRANCH_PARAM]);
  return Number.isSafeInteger(value) && value > 0 ? { branch: value } : {};
}
