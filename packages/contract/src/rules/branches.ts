/**
 * An account's branches: how many it may have, and the review page code a new branch gets when
 * its owner chooses none (decisions.md, Accounts, branches and roles).
 */

/**
 * Live (not deleted) branches an account may have, paid or not. Every branch pays its own plan
 * price; past this many, support talks to the customer (volume pricing is the billing issue's).
 */
export const MAX_ACCOUNT_BRANCHES = 50;

/** A business code is 3 to 32 of a-z, 0-9 and '-' (BUSINESS_CODE_PATTERN). */
const CODE_MIN = 3;
const CODE_MAX = 32;

/**
 * A business code from words, as the registration form suggests one: "Chai Point, Pune" ->
 * "chai-point-pune" (accents dropped, anything else a hyphen, at most 32 characters). Empty when
 * nothing usable is left (a name in another script).
 */
export function businessCodeFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CODE_MAX)
    .replace(/-+$/, '');
}

/**
 * The codes a new branch may get, best first: from its business name, then with its city, then
 * numbered ("chai-point-pune-2" … "-9"). A name that gives fewer than 3 usable characters uses the
 * word branch instead. Whether a code is free is the caller's question.
 */
export function branchCodeCandidates(businessName: string, city?: string | null): string[] {
  const usable = (code: string) => (code.length >= CODE_MIN ? code : '');
  const plain = usable(businessCodeFromName(businessName));
  const placed = city ? usable(businessCodeFromName(`${businessName} ${city}`)) : '';
  const stem = placed || plain || 'branch';
  const numbered = Array.from({ length: 8 }, (_, i) => {
    const suffix = `-${i + 2}`;
    return `${stem.slice(0, CODE_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
  });
  return [...new Set([plain, placed, stem, ...numbered].filter(Boolean))];
}
