import {
  PAYMENT_TEXTS,
  resolveRegistrationPlan,
  type TOwnerPlan,
  type TPaymentOrder,
  type TPlanCreateOrder,
} from '@starloop/contract';
import { listBusinessManualPayments, listOwnerPayments, type TOwnerPublic } from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { badRequest, forbidden } from '../../../lib/errors.ts';
import { autopayState } from '../../payments/autopay.service.ts';
import { createOwnerOrder, type TClient } from '../../payments/payments.service.ts';
import { daysLeft, isInGrace, isReviewPageOpen } from '../../payments/subscription.rules.ts';
import { requestUsageOf } from '../requests/request-usage.service.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** owner.plan.get: the signed-in owner's own plan, period and payment history. */
export async function getOwnerPlan(deps: TDeps, owner: TOwnerPublic): Promise<TOwnerPlan> {
  const payments = await listOwnerPayments(deps.db, owner.id);
  const manual = await listBusinessManualPayments(deps.db, owner.id);
  const now = deps.now();
  return {
    plan: owner.plan,
    planName: resolveRegistrationPlan(owner.plan).name,
    status: owner.status,
    subscriptionStart: iso(owner.subscriptionStart),
    subscriptionEnd: iso(owner.subscriptionEnd),
    daysLeft: daysLeft(owner.subscriptionEnd, now),
    inGrace: isInGrace(owner.subscriptionEnd, now),
    reviewPageActive: isReviewPageOpen(owner, now),
    requests: await requestUsageOf(deps, owner),
    autopay: await autopayState(deps, owner.id),
    payments: [
      ...payments.map((p) => ({
        id: p.id,
        plan: p.plan,
        purpose: p.purpose,
        amount: p.amount,
        status: p.status,
        paymentMethod: p.paymentMethod,
        razorpayPaymentId: p.razorpayPaymentId,
        createdAt: p.createdAt.toISOString(),
      })),
      // Onboarding payments (whole rupees) read as the registration they paid for.
      ...manual.map((m) => ({
        id: m.id,
        plan: owner.plan,
        purpose: 'registration' as const,
        amount: m.amount * 100,
        status: 'captured' as const,
        paymentMethod: m.paymentMethod,
        razorpayPaymentId: null,
        createdAt: m.createdAt.toISOString(),
        manual: true,
      })),
    ].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  };
}

/**
 * owner.plan.createOrder: a renewal (at the chosen plan) or an upgrade (always to Professional).
 * The payment settles through the same verify/webhook path; its period starts when the current one
 * ends.
 */
export async function createPlanOrder(
  deps: TDeps,
  owner: TOwnerPublic,
  input: TPlanCreateOrder,
  client: TClient,
): Promise<TPaymentOrder> {
  if (owner.status === 'inactive') throw forbidden(PAYMENT_TEXTS.accountInactive);
  if (input.purpose === 'upgrade') {
    if (owner.plan === 'professional') throw badRequest(PAYMENT_TEXTS.alreadyProfessional, 'plan');
    return createOwnerOrder(deps, owner, { plan: 'professional', purpose: 'upgrade' }, client);
  }
  return createOwnerOrder(
    deps,
    owner,
    { plan: resolveRegistrationPlan(input.plan).key, purpose: 'renewal' },
    client,
  );
}
