/** Calendar months in UTC, as the counters' buckets and the monthly charts count them. */

/** Midnight UTC on the first day of `now`'s month, or of the month `monthsBack` before it. */
export const monthStartOf = (now: Date, monthsBack = 0): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));

/** 'YYYY-MM-DD' (UTC), for a `date` parameter. */
export const toDateOnly = (date: Date): string => date.toISOString().slice(0, 10);

/** 'YYYY-MM' of the `months` months ending with `now`'s, oldest first. */
export const monthKeys = (now: Date, months: number): string[] =>
  Array.from({ length: months }, (_, i) => toDateOnly(monthStartOf(now, months - 1 - i)).slice(0, 7));
