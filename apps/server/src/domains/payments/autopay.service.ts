import { AUTOPAY_TEXTS, resolveRegistrationPlan, type TAutopayStart } from '@starloop/contract';
import {
  findBusinessOwnerPerson,
  findLiveAutopay,
  findPaymentByOrderId,
  insertAutopaySubscription,
  insertPayment,
  lockAutopayBySubscriptionId,
  recordActivity,
  setAutopayStatus,
  type TAutopayStatus,
  type TAutopaySubscription,
  type TDb,
  type TOwnerPublic,
} from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { badRequest, conflict, notFound, uniqueConflict } from '../../lib/errors.ts';
import { businessOrderTax } from '../billing/order-tax.service.ts';
import { providerUnavailable } from './payments.service.ts';
import { PaymentProviderError } from './provider.types.ts';
import { paymentProviderFor } from './provider-registry.service.ts';
import { settleCaptured } from './settlement.service.ts';

/**
 * AutoPay (issue 32 item 9): automatic monthly renewal through Razorpay Subscriptions. The owner
 * authorises a UPI AutoPay or card e-mandate in checkout; Razorpay charges each month and says so
 * by webhook. Each `subscription.charged` becomes a captured renewal payment through the one
 * activation path (settleCaptured: the period extended and its invoice issued exactly once, keyed
 * by the charge's order id); `pending` and `halted` email the owner a pay link while the review
 * page stays open until the grace period ends; the owner can switch it off at any time. The
 * mandate's pre-debit notice (24 hours ahead, RBI) is Razorpay's; StarLoop sends the dunning mails
 * and the payment-received mail with the invoice.
 */

/** Monthly charges a subscription is created for (ten years): it runs until cancelled. */
const TOTAL_CHARGES = 120;

const LIVE_KEY = { autopay_subscriptions_live_key: [AUTOPAY_TEXTS.alreadyOn, 'autopay'] } as const;

/** POST /api/users/autopay: creates the plan and subscription at Razorpay; checkout authorises it. */
export async function startAutopay(deps: TDeps, owner: TOwnerPublic): Promise<TAutopayStart> {
  const provider = paymentProviderFor(deps);
  if (!provider.subscriptions) throw badRequest(AUTOPAY_TEXTS.unavailable);
  if (owner.status !== 'active') throw badRequest(AUTOPAY_TEXTS.notActive);
  const plan = resolveRegistrationPlan(owner.plan);
  const tax = await businessOrderTax(deps.db, plan.amount, owner);
  const answer = (subscriptionId: string): TAutopayStart => ({
    subscriptionId,
    keyId: provider.keyId,
    amount: tax.taxableValue,
    tax: tax.tax,
    total: tax.total,
    gst: { cgst: tax.cgst, sgst: tax.sgst, igst: tax.igst },
  });
  const live = await findLiveAutopay(deps.db, owner.id);
  // Not authorised yet (checkout closed): the same subscription opens checkout again.
  if (live?.status === 'created') return answer(live.razorpaySubscriptionId);
  if (live) throw conflict(AUTOPAY_TEXTS.alreadyOn);
  let created: { planId: string; subscriptionId: string };
  try {
    created = await provider.subscriptions.create({
      amount: tax.total,
      planName: `StarLoop ${plan.name} (${owner.code})`,
      totalCount: TOTAL_CHARGES,
      notes: { businessId: String(owner.id), code: owner.code, purpose: 'autopay' },
    });
  } catch (error) {
    deps.log.error(
      { ownerId: owner.id, statusCode: error instanceof PaymentProviderError ? error.statusCode : undefined },
      'payment provider unavailable: subscription not created',
    );
    throw providerUnavailable();
  }
  try {
    await insertAutopaySubscription(deps.db, {
      businessId: owner.id,
      plan: plan.key,
      razorpayPlanId: created.planId,
      razorpaySubscriptionId: created.subscriptionId,
      taxableValue: tax.taxableValue,
      cgst: tax.cgst,
      sgst: tax.sgst,
      igst: tax.igst,
      amount: tax.total,
    });
  } catch (error) {
    throw uniqueConflict(error, LIVE_KEY) ?? error;
  }
  deps.log.info(
    { ownerId: owner.id, subscriptionId: created.subscriptionId },
    'autopay subscription created',
  );
  return answer(created.subscriptionId);
}

/** DELETE /api/users/autopay: cancelled at Razorpay at once, then here; the paid period runs on. */
export async function cancelAutopay(deps: TDeps, owner: TOwnerPublic) {
  const live = await findLiveAutopay(deps.db, owner.id);
  if (!live) throw notFound(AUTOPAY_TEXTS.notOn);
  const provider = paymentProviderFor(deps);
  try {
    await provider.subscriptions?.cancel(live.razorpaySubscriptionId);
  } catch (error) {
    deps.log.error(
      { ownerId: owner.id, statusCode: error instanceof PaymentProviderError ? error.statusCode : undefined },
      'payment provider unavailable: subscription not cancelled',
    );
    throw providerUnavailable();
  }
  await setAutopayStatus(deps.db, live.id, 'cancelled', deps.now());
  await recordActivity(deps.db, {
    type: 'payment',
    message: `${owner.businessName} switched AutoPay off`,
    code: owner.code,
    ownerId: owner.id,
    meta: { subscriptionId: live.razorpaySubscriptionId },
  });
  return { success: true as const, message: AUTOPAY_TEXTS.cancelled };
}

/** The owner's AutoPay for owner.plan.get. */
export async function autopayState(deps: Pick<TDeps, 'db'>, businessId: number) {
  const live = await findLiveAutopay(deps.db, businessId);
  return live ? { status: live.status, total: live.amount, since: live.createdAt.toISOString() } : null;
}

export interface TSubscriptionEvent {
  event: string;
  subscriptionId: string;
  payment?: { id: string; orderId: string | null; amount: number | null; method: string | null } | undefined;
}

/** Statuses a webhook may not move a subscription out of (an out-of-order event arriving late). */
const FINAL: TAutopayStatus[] = ['cancelled', 'completed'];

const NEXT_STATUS: Record<string, TAutopayStatus> = {
  'subscription.authenticated': 'authenticated',
  'subscription.activated': 'active',
  'subscription.charged': 'active',
  'subscription.resumed': 'active',
  'subscription.pending': 'pending',
  'subscription.halted': 'halted',
  'subscription.cancelled': 'cancelled',
  'subscription.completed': 'completed',
};

/** A charge that failed (pending: Razorpay retries; halted: it stopped): the owner is asked to pay. */
async function queueDunningMail(
  deps: TDeps,
  trx: TDb,
  sub: TAutopaySubscription,
  status: 'pending' | 'halted',
) {
  const person = await findBusinessOwnerPerson(trx, sub.businessId);
  if (!person?.email) return;
  const link = `${deps.config.appUrl}/dashboard/plan?branch=${sub.businessId}`;
  const text =
    status === 'pending'
      ? 'We could not collect this month’s StarLoop payment through AutoPay. Razorpay will try again over the next few days; you can also pay now.'
      : 'AutoPay stopped after several failed attempts to collect your StarLoop payment. Pay now to keep your review page open after the grace period.';
  await deps.mailer.queue(
    {
      to: person.email,
      subject:
        status === 'pending'
          ? 'Your StarLoop AutoPay payment did not go through'
          : 'Your StarLoop AutoPay has stopped',
      text: [`Hello ${person.name},`, '', text, '', `Pay now: ${link}`].join('\n'),
      category: 'autopay-dunning',
      idempotencyKey: `autopay:${sub.razorpaySubscriptionId}:${status}:${sub.updatedAt.toISOString()}`,
    },
    { trx },
  );
}

/**
 * A verified `subscription.*` webhook, in the webhook's transaction (its event id recorded there).
 * The subscription row is locked, so racing and replayed events apply once.
 */
export async function handleSubscriptionEvent(
  deps: TDeps,
  trx: TDb,
  input: TSubscriptionEvent,
): Promise<'processed' | 'ignored'> {
  const sub = await lockAutopayBySubscriptionId(trx, input.subscriptionId);
  if (!sub) return 'ignored';
  if (input.event === 'subscription.charged' && input.payment) {
    const orderId = input.payment.orderId ?? `autopay_${input.payment.id}`;
    if (!(await findPaymentByOrderId(trx, orderId))) {
      await insertPayment(trx, {
        ownerId: sub.businessId,
        plan: sub.plan,
        purpose: 'renewal',
        provider: 'razorpay',
        amount: sub.amount,
        taxableValue: sub.taxableValue,
        cgst: sub.cgst,
        sgst: sub.sgst,
        igst: sub.igst,
        status: 'pending',
        razorpayOrderId: orderId,
        razorpaySubscriptionId: sub.razorpaySubscriptionId,
      });
    }
    await settleCaptured(deps, trx, {
      orderId,
      paymentId: input.payment.id,
      method: input.payment.method,
      amount: input.payment.amount,
      source: 'webhook',
    });
  }
  const next = NEXT_STATUS[input.event];
  if (!next) return 'ignored';
  if (FINAL.includes(sub.status) || sub.status === next) return 'processed';
  // A late 'authenticated' never takes an active subscription back.
  if (next === 'authenticated' && sub.status !== 'created') return 'processed';
  const updated = await setAutopayStatus(trx, sub.id, next, deps.now());
  if ((next === 'pending' || next === 'halted') && updated) await queueDunningMail(deps, trx, updated, next);
  return 'processed';
}
