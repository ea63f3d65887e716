/** Text patterns shared by the forms (web) and the schemas (server). */

/**
 * Basic email shape: text@label.label with no spaces and no empty label. Every pattern here runs in
 * linear time (patterns.test.ts times each on 1 MB of adversarial text): no two quantifiers can
 * share a character, so a failing match never backtracks. (The old `@[^\s@]+\.[^\s@]+` let the
 * dot fall anywhere, which took seconds on `a@` + `a.` x 100,000 + `@`.)
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const PHONE_10_PATTERN = /^\d{10}$/;
/** Indian mobile: 6-9 then 9 digits, optionally +91 (spec section 5, Create Agent). */
export const INDIAN_MOBILE_PATTERN = /^(\+91)?[6-9]\d{9}$/;
export const BUSINESS_CODE_PATTERN = /^[a-z0-9-]{3,32}$/;
export const HTTP_URL_PATTERN = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

export const isHttpUrl = (value: string) => HTTP_URL_PATTERN.test(value.trim());
