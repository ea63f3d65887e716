/**
 * The product name, as `BRAND` in @starloop/contract (a test keeps the two equal). Kept here so
 * code on the light pages (review page, 404) does not pull the contract package, and with it
 * zod and every schema, into their bundle.
 */
export const BRAND = 'StarLoop';
