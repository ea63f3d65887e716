import type { TDeps } from '../../context.ts';

/** Payment workers (reconciliation of stale pending payments). */
export function registerPaymentJobs(_deps: TDeps): void {}
