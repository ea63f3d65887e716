import {
  clearAdminSignInFailures,
  inTransaction,
  lockAdminSignInFailures,
  refundAdminSignInFailure,
  setAdminSignInFailures,
} from '@starloop/db';
import type { TDeps } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { TOO_MANY_REQUESTS_MESSAGE } from '../lib/rate-limit.ts';

/**
 * The growing delay per admin account (OWASP ASVS 4.0 V2.2.1, instead of a 15-minute lockout):
 * the first few failures are free; from then on each failure makes the account wait 1, 2, 4 … up
 * to 60 seconds before its next attempt is even checked. A guesser gets at most about 60 tries an
 * hour per account (and the address limit stops any one address sooner), while the real admin is
 * never kept out for more than a minute. Failed passwords, wrong codes and wrong current passwords
 * all count; a successful sign-in clears the count.
 */
export const ADMIN_SIGN_IN_DELAY = { freeFailures: 4, firstDelaySeconds: 1, maxDelaySeconds: 60 } as const;

/** Seconds to wait after the `failures`-th failure in a row. */
export function signInDelaySeconds(failures: number): number {
  const over = failures - ADMIN_SIGN_IN_DELAY.freeFailures;
  if (over <= 0) return 0;
  return Math.min(
    ADMIN_SIGN_IN_DELAY.maxDelaySeconds,
    ADMIN_SIGN_IN_DELAY.firstDelaySeconds * 2 ** (over - 1),
  );
}

/**
 * Counts an attempt BEFORE it is checked (so guesses sent in parallel are counted too), under a
 * row lock; a 429 with Retry-After while the account's delay runs. The caller refunds the attempt
 * when it turns out right, or clears the count when the sign-in completes.
 */
export async function startAdminSignInAttempt(
  deps: Pick<TDeps, 'db' | 'now'>,
  adminId: number,
): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const row = await lockAdminSignInFailures(trx, adminId);
    if (!row) return;
    const now = deps.now();
    if (row.signInBlockedUntil && row.signInBlockedUntil > now) {
      throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_REQUESTS_MESSAGE, undefined, {
        retryAfterSeconds: Math.max(1, Math.ceil((row.signInBlockedUntil.getTime() - now.getTime()) / 1000)),
      });
    }
    const failedSignIns = row.failedSignIns + 1;
    const delay = signInDelaySeconds(failedSignIns);
    await setAdminSignInFailures(trx, adminId, {
      failedSignIns,
      signInBlockedUntil: delay > 0 ? new Date(now.getTime() + delay * 1000) : null,
    });
  });
}

/** The attempt was not a failure (a right password before the code step): give it back. */
export const refundAdminSignInAttempt = (deps: Pick<TDeps, 'db'>, adminId: number) =>
  refundAdminSignInFailure(deps.db, adminId);

export const clearAdminSignInFailuresOf = (deps: Pick<TDeps, 'db'>, adminId: number) =>
  clearAdminSignInFailures(deps.db, adminId);
