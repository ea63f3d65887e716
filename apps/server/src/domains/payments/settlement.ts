import { resolveRegistrationPlan, type TPaymentPurpose } from '@starloop/contract';
import {
  findAgentByCodeOrName,
  findOwnerById,
  inTransaction,
  lockOwnerById,
  lockPaymentByOrderId,
  recordActivity,
  type TDb,
  type TOwnerUpdate,
  type TPayment,
  updateOwner,
  updatePayment,
} from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { nextPeriod } from './subscription.ts';

/** Where a settlement came from (logged and kept in the activity event). */
export type TSettlementSource = 'verify' | 'webhook' | 'reconcile' | 'test-gateway';

export interface TCapturedAttempt {
  orderId: string;
  paymentId: string;
  /** Checkout signature, when the settlement comes from verify. */
  signature?: string | null;
  /** Payment method, when the provider told us (webhook, reconciliation). */
  method?: string | null;
  /** Amount the provider captured (paise), when it told us; must equal ours. */
  amount?: number | null;
  source: TSettlementSource;
}

export type TCaptureOutcome =
  | { kind: 'activated'; payment: TPayment }
  | { kind: 'already-captured'; payment: TPayment }
  | { kind: 'unknown-order' }
  | { kind: 'amount-mismatch'; payment: TPayment };

const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const PURPOSE_WORDS: Record<TPaymentPurpose, string> = {
  registration: 'registration',
  renewal: 'renewal',
  upgrade: 'upgrade',
};

/**
 * THE activation path. Verify, webhook, reconciliation and the test gateway all end here. The
 * payment row is locked for the transaction, so however many calls race and in whatever order,
 * exactly one of them moves the payment to captured and extends the owner's subscription; the
 * others only fill in what was still unknown (method, signature) and change nothing else.
 */
export async function settleCaptured(
  deps: TDeps,
  db: TDb,
  attempt: TCapturedAttempt,
): Promise<TCaptureOutcome> {
  return inTransaction(db, async (trx) => {
    const payment = await lockPaymentByOrderId(trx, attempt.orderId);
    if (!payment) return { kind: 'unknown-order' } as const;

    if (payment.status === 'captured') {
      const patch: Parameters<typeof updatePayment>[2] = {};
      if (!payment.paymentMethod && attempt.method) patch.paymentMethod = attempt.method;
      if (
        !payment.razorpaySignature &&
        attempt.signature &&
        payment.razorpayPaymentId === attempt.paymentId
      ) {
        patch.razorpaySignature = attempt.signature;
      }
      const filled = Object.keys(patch).length > 0 ? await updatePayment(trx, payment.id, patch) : undefined;
      return { kind: 'already-captured', payment: filled ?? payment } as const;
    }

    if (typeof attempt.amount === 'number' && attempt.amount !== payment.amount) {
      deps.log.error(
        {
          paymentId: payment.id,
          orderId: attempt.orderId,
          expected: payment.amount,
          received: attempt.amount,
        },
        'captured amount differs from the order; not activating',
      );
      return { kind: 'amount-mismatch', payment } as const;
    }

    const owner = await lockOwnerById(trx, payment.ownerId);
    if (!owner) return { kind: 'unknown-order' } as const;
    const now = deps.now();
    const period = nextPeriod(owner.subscriptionEnd, now);
    const ownerPatch: TOwnerUpdate = {
      plan: payment.plan,
      subscriptionStart: period.continues ? (owner.subscriptionStart ?? period.start) : period.start,
      subscriptionEnd: period.end,
    };
    // An admin's 'inactive' stays: paying does not override a disabled account.
    const wasPending = owner.status === 'pending';
    if (wasPending) ownerPatch.status = 'active';
    if (!owner.agentId && owner.salesRepName) {
      const agent = await findAgentByCodeOrName(trx, owner.salesRepName);
      if (agent) ownerPatch.agentId = agent.id;
    }
    await updateOwner(trx, owner.id, ownerPatch);

    const captured = await updatePayment(trx, payment.id, {
      status: 'captured',
      razorpayPaymentId: attempt.paymentId,
      razorpaySignature: attempt.signature ?? null,
      paymentMethod: attempt.method ?? payment.paymentMethod,
      failureReason: null,
      capturedAt: now,
      periodStart: period.start,
      periodEnd: period.end,
    });

    const planName = resolveRegistrationPlan(payment.plan).name;
    const registration = payment.purpose === 'registration' && wasPending;
    await recordActivity(trx, {
      type: registration ? 'user' : 'payment',
      message: registration
        ? `${owner.businessName} registered on the ${planName} plan (${rupees(payment.amount)} paid)`
        : `${owner.businessName} paid ${rupees(payment.amount)} for a ${PURPOSE_WORDS[payment.purpose]} (${planName} plan)`,
      code: owner.code,
      ownerId: owner.id,
      meta: {
        paymentId: payment.id,
        purpose: payment.purpose,
        amount: payment.amount,
        plan: payment.plan,
        source: attempt.source,
        periodEnd: period.end.toISOString(),
        ...(ownerPatch.agentId ? { agentId: ownerPatch.agentId } : {}),
      },
    });
    deps.log.info(
      { paymentId: payment.id, ownerId: owner.id, purpose: payment.purpose, source: attempt.source },
      'payment captured; subscription extended',
    );
    return { kind: 'activated', payment: captured ?? payment } as const;
  });
}

export interface TFailedAttempt {
  orderId: string;
  paymentId?: string | null;
  method?: string | null;
  reason: string;
  source: TSettlementSource;
}

/**
 * A failed payment: only a pending payment becomes failed (a captured one never goes back), and the
 * owner stays as it was (a pending registration stays pending and may try again).
 */
export async function settleFailed(
  deps: TDeps,
  db: TDb,
  attempt: TFailedAttempt,
): Promise<{ kind: 'failed' | 'not-pending' | 'unknown-order' }> {
  return inTransaction(db, async (trx) => {
    const payment = await lockPaymentByOrderId(trx, attempt.orderId);
    if (!payment) return { kind: 'unknown-order' } as const;
    if (payment.status !== 'pending') return { kind: 'not-pending' } as const;
    const reason = attempt.reason.slice(0, 500);
    await updatePayment(trx, payment.id, {
      status: 'failed',
      failureReason: reason,
      ...(attempt.paymentId ? { razorpayPaymentId: attempt.paymentId } : {}),
      ...(attempt.method ? { paymentMethod: attempt.method } : {}),
    });
    const owner = await findOwnerById(trx, payment.ownerId);
    await recordActivity(trx, {
      type: 'payment',
      message: `Payment of ${rupees(payment.amount)} by ${owner?.businessName ?? 'an owner'} failed: ${reason}`,
      code: owner?.code ?? null,
      ownerId: payment.ownerId,
      meta: {
        paymentId: payment.id,
        purpose: payment.purpose,
        amount: payment.amount,
        source: attempt.source,
      },
    });
    deps.log.info(
      { paymentId: payment.id, ownerId: payment.ownerId, source: attempt.source },
      'payment failed',
    );
    return { kind: 'failed' } as const;
  });
}
