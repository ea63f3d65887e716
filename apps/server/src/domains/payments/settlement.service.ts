import { paiseToRupees, resolveRegistrationPlan, type TPaymentPurpose } from '@starloop/contract';
import {
  clearFailedRegistrationRefund,
  findAgentByCodeOrName,
  findBusinessOwnerPerson,
  findOwnerByCode,
  findOwnerById,
  findRegistrationAttempt,
  inTransaction,
  lockOwnerById,
  lockOwnersById,
  lockPaymentByOrderId,
  recordActivity,
  revokeSubjectSessions,
  saveAccountBilling,
  settleRegistrationAttempt,
  type TDb,
  type TOwnerPublic,
  type TOwnerUpdate,
  type TPayment,
  type TRefundReason,
  type TRegistrationAttempt,
  updateOwner,
  updatePayment,
  updatePerson,
} from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { issuePaymentInvoice } from '../billing/invoices.service.ts';
import { isReusableRegistration, placeholderCode } from './registration.rules.ts';
import { nextPeriod } from './subscription.rules.ts';

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
  /** Captured for a registration whose phone or code was taken by then: applied to nobody. */
  | { kind: 'needs-refund'; payment: TPayment }
  /** `firstSignature`: this call brought the checkout's signature (the first verify after a webhook or reconciliation captured it). */
  | { kind: 'already-captured'; payment: TPayment; firstSignature: boolean }
  | { kind: 'unknown-order' }
  | { kind: 'amount-mismatch'; payment: TPayment };

export const rupees = (paise: number) =>
  `₹${paiseToRupees(paise).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

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
  const outcome = await captureInTransaction(deps, db, attempt);
  if (outcome.kind === 'activated') deps.metrics.payment('captured');
  else if (outcome.kind === 'needs-refund') deps.metrics.payment('needs_refund');
  return outcome;
}

function captureInTransaction(deps: TDeps, db: TDb, attempt: TCapturedAttempt): Promise<TCaptureOutcome> {
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
      return {
        kind: 'already-captured',
        payment: filled ?? payment,
        firstSignature: patch.razorpaySignature !== undefined,
      } as const;
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

    // A registration's own details wait beside its payment; payments from before attempts were
    // recorded (migration 0009) and renewals settle on the owner as it is.
    const registrationAttempt =
      payment.purpose === 'registration' ? await findRegistrationAttempt(trx, payment.id) : undefined;
    if (registrationAttempt) return settleRegistration(deps, trx, payment, registrationAttempt, attempt);

    // A payment detached from a purged owner has nobody left to activate.
    const owner = payment.ownerId === null ? undefined : await lockOwnerById(trx, payment.ownerId);
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

    const captured = await updatePayment(trx, payment.id, capturedFields(payment, attempt, now, period));
    await issuePaymentInvoice(deps, trx, captured ?? payment);

    const planName = resolveRegistrationPlan(payment.plan).name;
    const registration = payment.purpose === 'registration' && wasPending;
    await recordApplied(deps, trx, payment, attempt, {
      owner,
      type: registration ? 'user' : 'payment',
      message: registration
        ? `${owner.businessName} registered on the ${planName} plan (${rupees(payment.amount)} paid)`
        : `${owner.businessName} paid ${rupees(payment.amount)} for a ${PURPOSE_WORDS[payment.purpose]} (${planName} plan)`,
      periodEnd: period.end,
      agentId: ownerPatch.agentId,
      logMessage: 'payment captured; subscription extended',
    });
    return { kind: 'activated', payment: captured ?? payment } as const;
  });
}

const REFUND_REASONS: Record<TRefundReason, string> = {
  phone: 'the phone number is already registered',
  code: 'the business code is taken',
};

/**
 * The captured payment's provider fields, as every capture stores them, and the period it paid for
 * when it was applied to an owner.
 */
const capturedFields = (
  payment: TPayment,
  attempt: TCapturedAttempt,
  now: Date,
  period?: { start: Date; end: Date },
) => ({
  status: 'captured' as const,
  razorpayPaymentId: attempt.paymentId,
  razorpaySignature: attempt.signature ?? null,
  paymentMethod: attempt.method ?? payment.paymentMethod,
  failureReason: null,
  capturedAt: now,
  ...(period ? { periodStart: period.start, periodEnd: period.end } : {}),
});

/** What every captured payment's activity event says of it. */
const paymentMeta = (payment: TPayment, attempt: TCapturedAttempt) => ({
  paymentId: payment.id,
  purpose: payment.purpose,
  amount: payment.amount,
  plan: payment.plan,
  source: attempt.source,
});

/** A payment applied to an owner: its activity event (with the paid period's end) and a log line. */
async function recordApplied(
  deps: TDeps,
  trx: TDb,
  payment: TPayment,
  attempt: TCapturedAttempt,
  applied: {
    owner: { id: number; code: string };
    type: 'user' | 'payment';
    message: string;
    periodEnd: Date;
    agentId: number | null | undefined;
    logMessage: string;
  },
): Promise<void> {
  const { owner, agentId } = applied;
  await recordActivity(trx, {
    type: applied.type,
    message: applied.message,
    code: owner.code,
    ownerId: owner.id,
    meta: {
      ...paymentMeta(payment, attempt),
      periodEnd: applied.periodEnd.toISOString(),
      ...(agentId ? { agentId } : {}),
    },
  });
  deps.log.info(
    { paymentId: payment.id, ownerId: owner.id, purpose: payment.purpose, source: attempt.source },
    applied.logMessage,
  );
}

/** Captured, applied to nobody, and shown to admins (payments list and activity) as needing a refund. */
async function settleNeedsRefund(
  deps: TDeps,
  trx: TDb,
  payment: TPayment,
  registration: TRegistrationAttempt,
  attempt: TCapturedAttempt,
  reason: TRefundReason,
): Promise<TCaptureOutcome> {
  const now = deps.now();
  const captured = await updatePayment(trx, payment.id, capturedFields(payment, attempt, now));
  await settleRegistrationAttempt(trx, payment.id, { outcome: 'needs_refund', reason }, now);
  await issuePaymentInvoice(deps, trx, captured ?? payment);
  await recordActivity(trx, {
    type: 'payment',
    message: `Registration payment of ${rupees(payment.amount)} for ${registration.businessName} (${registration.code}) needs a refund: ${REFUND_REASONS[reason]}`,
    code: registration.code,
    ownerId: payment.ownerId,
    meta: { ...paymentMeta(payment, attempt), needsRefund: true, reason },
  });
  deps.log.warn(
    { paymentId: payment.id, ownerId: payment.ownerId, reason, source: attempt.source },
    'registration captured after its phone or code was taken; needs a refund',
  );
  return { kind: 'needs-refund', payment: captured ?? payment };
}

/**
 * A registration attempt's payment is captured (inside settleCaptured's transaction, payment row
 * locked). The first capture for a phone and a code wins: the attempt's details become the owner's
 * and the owner is activated. If the phone's owner is no longer a pending registration, or the code
 * belongs to a real account by now, the payment is recorded as captured, applied to nobody, and
 * shown to admins as needing a refund. An unpaid registration holding the code gives it up.
 */
async function settleRegistration(
  deps: TDeps,
  trx: TDb,
  payment: TPayment,
  registration: TRegistrationAttempt,
  attempt: TCapturedAttempt,
): Promise<TCaptureOutcome> {
  const now = deps.now();
  const ownerId = payment.ownerId;
  // A payment whose owner was purged has no phone left to register.
  if (ownerId === null) return settleNeedsRefund(deps, trx, payment, registration, attempt, 'phone');
  const holderId = (await findOwnerByCode(trx, registration.code))?.id;
  const locked = await lockOwnersById(trx, holderId === undefined ? [ownerId] : [ownerId, holderId]);
  const owner = locked.find((o) => o.id === ownerId);
  // Re-read under the locks: the code may have moved before they were taken.
  let holder: TOwnerPublic | undefined = await findOwnerByCode(trx, registration.code);
  if (holder && holder.id !== holderId) holder = await lockOwnerById(trx, holder.id);
  if (holder?.id === ownerId) holder = undefined;

  if (!owner || !(await isReusableRegistration(trx, owner))) {
    return settleNeedsRefund(deps, trx, payment, registration, attempt, 'phone');
  }
  if (holder && !(await isReusableRegistration(trx, holder))) {
    return settleNeedsRefund(deps, trx, payment, registration, attempt, 'code');
  }

  if (holder) await updateOwner(trx, holder.id, { code: placeholderCode(holder.id) });
  const period = nextPeriod(owner.subscriptionEnd, now);
  const ownerPatch: TOwnerUpdate = {
    name: registration.name,
    email: registration.email,
    businessName: registration.businessName,
    code: registration.code,
    reviewLink: registration.reviewLink,
    state: registration.state,
    city: registration.city,
    salesRepName: registration.salesRepName,
    plan: payment.plan,
    status: 'active',
    subscriptionStart: period.continues ? (owner.subscriptionStart ?? period.start) : period.start,
    subscriptionEnd: period.end,
  };
  if (!owner.agentId && registration.salesRepName) {
    const agent = await findAgentByCodeOrName(trx, registration.salesRepName);
    if (agent) ownerPatch.agentId = agent.id;
  }
  await updateOwner(trx, owner.id, ownerPatch);
  // The registration's person (the phone's) takes its name, email and password.
  const person = await findBusinessOwnerPerson(trx, owner.id);
  if (!person) throw new Error(`registration ${payment.id}: business ${owner.id} has no owner`);
  await updatePerson(trx, person.id, {
    name: registration.name,
    email: registration.email,
    passwordHash: registration.passwordHash,
  });
  // The password just changed hands: no session from before it stays valid.
  await revokeSubjectSessions(trx, 'owner', person.id, now);
  const captured = await updatePayment(trx, payment.id, capturedFields(payment, attempt, now, period));
  await settleRegistrationAttempt(trx, payment.id, { outcome: 'applied' }, now);
  if (registration.billingLegalName && registration.billingAddress && registration.billingState) {
    await saveAccountBilling(
      trx,
      owner.accountId,
      {
        legalName: registration.billingLegalName,
        address: registration.billingAddress,
        state: registration.billingState,
        gstin: registration.billingGstin,
      },
      now,
    );
  }
  await issuePaymentInvoice(deps, trx, captured ?? payment);

  const planName = resolveRegistrationPlan(payment.plan).name;
  await recordApplied(deps, trx, payment, attempt, {
    owner: { id: owner.id, code: registration.code },
    type: 'user',
    message: `${registration.businessName} registered on the ${planName} plan (${rupees(payment.amount)} paid)`,
    periodEnd: period.end,
    agentId: ownerPatch.agentId,
    logMessage: 'registration captured; owner activated',
  });
  return { kind: 'activated', payment: captured ?? payment };
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
  const outcome = await failInTransaction(deps, db, attempt);
  if (outcome.kind === 'failed') deps.metrics.payment('failed');
  return outcome;
}

function failInTransaction(
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
    const owner = payment.ownerId === null ? undefined : await findOwnerById(trx, payment.ownerId);
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

/**
 * A refund Razorpay reports failed (`refund.failed`, e.g. the payer's account closed): the payment
 * reads "Needs refund" again, so an admin can refund it once more; the feed says why.
 */
export async function settleRefundFailed(
  deps: TDeps,
  trx: TDb,
  refundId: string,
): Promise<'processed' | 'ignored'> {
  const paymentId = await clearFailedRegistrationRefund(trx, refundId);
  if (paymentId === undefined) return 'ignored';
  await recordActivity(trx, {
    type: 'payment',
    message: `Refund ${refundId} of payment #${paymentId} failed at the provider: it needs a refund again`,
    meta: { paymentId, refundId, needsRefund: true },
  });
  deps.log.warn({ paymentId, refundId }, 'refund failed at the provider; needs a refund again');
  return 'processed';
}
