import { listStalePendingPayments, type TPayment } from '@starloop/db';
import type { TDeps } from '../../context.ts';
import type { TPaymentProvider } from './provider.types.ts';
import { paymentProviderFor } from './provider-registry.service.ts';
import { settleCaptured, settleFailed } from './settlement.service.ts';

/** A payment still pending this long is asked about at the provider. */
export const RECONCILE_AFTER_MINUTES = 15;
/** An order nobody even tried to pay for this long is given up (marked failed). */
export const ABANDON_AFTER_HOURS = 24;
export const ABANDONED_REASON = 'Payment was not completed';
export const TEST_GATEWAY_GONE_REASON = 'Test payment was not completed';

export type TReconcileOutcome = 'captured' | 'failed' | 'unchanged' | 'error';

export interface TReconcileSummary {
  checked: number;
  captured: number;
  failed: number;
  unchanged: number;
  errors: number;
}

async function reconcileOne(
  deps: TDeps,
  provider: TPaymentProvider,
  payment: TPayment,
  now: Date,
): Promise<TReconcileOutcome> {
  const orderId = payment.razorpayOrderId;
  if (!orderId) return 'unchanged';
  if (payment.provider !== provider.kind) {
    // A test payment after Razorpay keys were set can never complete; a Razorpay payment cannot be
    // checked without keys (it waits for them or for a webhook).
    if (payment.provider !== 'test') return 'unchanged';
    const result = await settleFailed(deps, deps.db, {
      orderId,
      reason: TEST_GATEWAY_GONE_REASON,
      source: 'reconcile',
    });
    return result.kind === 'failed' ? 'failed' : 'unchanged';
  }

  const attempts = await provider.fetchOrderPayments(orderId);
  const captured = attempts.find((a) => a.status === 'captured');
  if (captured) {
    const result = await settleCaptured(deps, deps.db, {
      orderId,
      paymentId: captured.id,
      method: captured.method,
      source: 'reconcile',
    });
    deps.reviewPageCache.clear();
    // A registration applied to nobody (needs a refund) was captured all the same.
    return result.kind === 'activated' || result.kind === 'needs-refund' ? 'captured' : 'unchanged';
  }
  // Authorised or just created: money is on its way; ask again next run.
  if (attempts.some((a) => a.status === 'authorized' || a.status === 'created')) return 'unchanged';

  const lastFailed = attempts.filter((a) => a.status === 'failed' || a.status === 'refunded').at(-1);
  const abandoned = now.getTime() - payment.createdAt.getTime() > ABANDON_AFTER_HOURS * 60 * 60 * 1000;
  if (!lastFailed && !abandoned) return 'unchanged';
  const result = await settleFailed(deps, deps.db, {
    orderId,
    paymentId: lastFailed?.id ?? null,
    method: lastFailed?.method ?? null,
    reason: lastFailed ? (lastFailed.errorDescription ?? 'Payment failed') : ABANDONED_REASON,
    source: 'reconcile',
  });
  return result.kind === 'failed' ? 'failed' : 'unchanged';
}

/**
 * Settles payments pending for more than RECONCILE_AFTER_MINUTES by asking the provider
 * (Razorpay: GET /orders/{id}/payments): captured ones go through the one activation path, failed
 * ones become failed. Each outcome is logged and recorded in activity by the settlement itself; a
 * provider error on one payment is logged and the rest carry on. Runs every 5 minutes.
 */
export async function reconcilePendingPayments(
  deps: TDeps,
  options: { now?: Date; limit?: number } = {},
): Promise<TReconcileSummary> {
  const now = options.now ?? deps.now();
  const provider = paymentProviderFor(deps);
  const stale = await listStalePendingPayments(
    deps.db,
    new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60 * 1000),
    options.limit ?? 100,
  );
  const summary: TReconcileSummary = {
    checked: stale.length,
    captured: 0,
    failed: 0,
    unchanged: 0,
    errors: 0,
  };
  for (const payment of stale) {
    let outcome: TReconcileOutcome;
    try {
      outcome = await reconcileOne(deps, provider, payment, now);
    } catch (error) {
      outcome = 'error';
      deps.log.warn(
        { paymentId: payment.id, reason: error instanceof Error ? error.message : String(error) },
        'payment reconciliation failed for one payment; will retry',
      );
    }
    if (outcome === 'error') summary.errors += 1;
    else summary[outcome] += 1;
    if (outcome === 'captured' || outcome === 'failed') {
      deps.log.info({ paymentId: payment.id, outcome }, 'pending payment reconciled');
    }
  }
  if (summary.checked > 0) deps.log.info(summary, 'payment reconciliation finished');
  return summary;
}
