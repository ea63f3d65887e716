import {
  ADMIN_PAYMENT_TEXTS,
  LIMITS,
  pageMeta,
  type TAdminPayment,
  type TAdminPaymentRefundResult,
  type TAdminPaymentsQuery,
  type TAdminPaymentsResponse,
} from '@starloop/contract';
import {
  findInvoiceOfPayment,
  findPaymentForRefund,
  getMetricTotals,
  inTransaction,
  listAdminPayments,
  recordRegistrationRefund,
  type TAdminPaymentRow,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { recordAdminChange, type TAdminActor } from '../../../lib/audit.ts';
import { badRequest, conflict, foundOr404 } from '../../../lib/errors.ts';
import { issueCreditNote } from '../../billing/invoices.service.ts';
import { providerUnavailable } from '../../payments/payments.service.ts';
import { PaymentProviderError, type TProviderRefund } from '../../payments/provider.types.ts';
import { paymentProviderFor } from '../../payments/provider-registry.service.ts';
import { rupees } from '../../payments/settlement.service.ts';

export const toAdminPayment = (row: TAdminPaymentRow): TAdminPayment => ({
  id: row.id,
  // 0: a payment kept after its owner was purged (user reads 'Deleted account').
  userId: row.ownerId ?? 0,
  user: {
    name: row.ownerName,
    businessName: row.businessName,
    code: row.code,
    contactNumber: row.contactNumber,
  },
  plan: row.plan,
  purpose: row.purpose,
  amount: row.amount,
  status: row.status,
  paymentMethod: row.paymentMethod,
  razorpayOrderId: row.razorpayOrderId,
  razorpayPaymentId: row.razorpayPaymentId,
  razorpaySignature: row.razorpaySignature?.slice(0, LIMITS.signatureDisplayChars) ?? null,
  createdAt: row.createdAt.toISOString(),
  needsRefund: row.needsRefund,
  refundedAt: row.refundedAt?.toISOString() ?? null,
});

/**
 * Payments management list, newest first. Amounts and totalRevenue are PAISE (captured payments
 * only); the status counts cover every payment, whatever the search. The Razorpay signature is cut
 * here, not in the browser: the spec shows it cut, and the whole one is the checkout's proof of
 * payment (what verify takes).
 */
export async function listPayments(deps: TDeps, query: TAdminPaymentsQuery): Promise<TAdminPaymentsResponse> {
  const totals = await getMetricTotals(deps.db, ['payments:captured', 'payments:pending', 'payments:failed']);
  const page = await listAdminPayments(deps.db, query);
  return {
    success: true,
    payments: page.rows.map(toAdminPayment),
    meta: pageMeta(page.total, query.page, query.limit),
    totalRevenue: totals['payments:captured'].amount,
    paymentStatusCounts: {
      pending: totals['payments:pending'].count,
      failed: totals['payments:failed'].count,
      captured: totals['payments:captured'].count,
    },
  };
}

/**
 * Refunds the whole of a registration payment that was applied to nobody (its phone or code was
 * taken before it was captured). No transaction is held while the provider is asked (on the
 * embedded database it would stop every other request). Money cannot go out twice: the provider
 * finds a refund it already made by our receipt (a retry after a lost answer records that one), and
 * refuses more than was paid (two admins at once: the second is told why); the record is written
 * only if none is there yet. A provider that cannot be reached is a 503, one that refuses a 409 with
 * its reason; neither writes anything.
 */
export async function refundPayment(
  deps: TDeps,
  id: number,
  actor: TAdminActor,
): Promise<TAdminPaymentRefundResult> {
  const provider = paymentProviderFor(deps);
  const payment = foundOr404(await findPaymentForRefund(deps.db, id), ADMIN_PAYMENT_TEXTS.paymentNotFound);
  if (payment.refundedAt) throw conflict(ADMIN_PAYMENT_TEXTS.alreadyRefunded);
  if (payment.outcome !== 'needs_refund' || payment.status !== 'captured' || !payment.razorpayPaymentId) {
    throw badRequest(ADMIN_PAYMENT_TEXTS.notRefundable);
  }
  let refund: TProviderRefund;
  try {
    refund = await provider.refundPayment({
      paymentId: payment.razorpayPaymentId,
      amount: payment.amount,
      receipt: `refund-${payment.id}`,
      notes: { paymentId: String(payment.id) },
    });
  } catch (error) {
    const statusCode = error instanceof PaymentProviderError ? error.statusCode : undefined;
    deps.log.error(
      { provider: provider.kind, paymentId: payment.id, statusCode, reason: (error as Error).message },
      'payment provider: refund not made',
    );
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
      throw conflict(`${ADMIN_PAYMENT_TEXTS.providerRefused} ${(error as Error).message}`);
    }
    throw providerUnavailable();
  }
  const now = deps.now();
  return inTransaction(deps.db, async (trx) => {
    if (!(await recordRegistrationRefund(trx, payment.id, refund.id, now))) {
      throw conflict(ADMIN_PAYMENT_TEXTS.alreadyRefunded);
    }
    const invoice = await findInvoiceOfPayment(trx, payment.id, 'invoice');
    if (invoice) await issueCreditNote(deps, trx, invoice, 'Refund');
    await recordAdminChange(trx, actor, {
      activity: {
        type: 'payment',
        message: `Refund of ${rupees(payment.amount)} for payment #${payment.id} made by ${actor.name}`,
        meta: { paymentId: payment.id, refundId: refund.id },
      },
      audit: {
        action: 'payment.refund',
        targetTable: 'payments',
        targetId: payment.id,
        details: { amount: payment.amount, refundId: refund.id, provider: provider.kind },
      },
    });
    return {
      success: true,
      message: ADMIN_PAYMENT_TEXTS.refunded,
      refundId: refund.id,
      refundedAt: now.toISOString(),
    };
  });
}
