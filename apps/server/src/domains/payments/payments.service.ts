import {
  CURRENCY,
  PAYMENT_TEXTS,
  resolveRegistrationPlan,
  type TPaymentInitiate,
  type TPaymentOrder,
  type TPaymentPurpose,
  type TPaymentVerify,
  type TPaymentVerifyResult,
  type TPlanKey,
  type TTaxSplit,
  type TTestGatewayComplete,
  type TTestGatewayResult,
} from '@starloop/contract';
import {
  findBusinessOwnerPerson,
  findOwnerById,
  findOwnerByPhone,
  findPaymentByOrderId,
  findRegistrationAttempt,
  insertOwner,
  insertPayment,
  insertRegistrationAttempt,
  inTransaction,
  lockOwnerById,
  recordWebhookEvent,
  reserveOwnerId,
  reservePaymentId,
  type TDb,
  type TNewRegistrationAttempt,
  type TOwnerPublic,
} from '@starloop/db';
import { z } from 'zod';
import { assertOwnerMaySignIn } from '../../auth/authenticate.ts';
import { assertPasswordNotCommon } from '../../auth/common-passwords.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { startOwnerSession } from '../../auth/sign-in.ts';
import type { TDeps } from '../../context.ts';
import { AppError, badRequest, conflict, notFound, uniqueConflict } from '../../lib/errors.ts';
import { businessOrderTax, orderTax, paymentTaxColumns } from '../billing/order-tax.service.ts';
import { toOwnerUser } from '../owner/auth/owner.dto.ts';
import { handleSubscriptionEvent } from './autopay.service.ts';
import {
  hmacHex,
  PaymentProviderError,
  signatureMatches,
  type TPaymentProvider,
  type TProviderOrder,
} from './provider.types.ts';
import { paymentProviderFor } from './provider-registry.service.ts';
import { placeholderCode, registrationTargets } from './registration.rules.ts';
import { settleCaptured, settleFailed, settleRefundFailed } from './settlement.service.ts';

export interface TClient {
  ip: string;
  userAgent?: string | undefined;
}

/** The provider could not be reached: 503 with the payment texts' words (orders and refunds alike). */
export const providerUnavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', PAYMENT_TEXTS.providerUnavailable);

/** Creates the provider order; any provider failure is logged (never with secrets) and becomes a 503. */
async function createProviderOrder(
  deps: TDeps,
  provider: TPaymentProvider,
  input: { paymentId: number; amount: number; notes: Record<string, string> },
): Promise<TProviderOrder> {
  try {
    return await provider.createOrder({
      amount: input.amount,
      currency: CURRENCY,
      receipt: String(input.paymentId),
      notes: input.notes,
    });
  } catch (error) {
    deps.log.error(
      {
        provider: provider.kind,
        paymentId: input.paymentId,
        statusCode: error instanceof PaymentProviderError ? error.statusCode : undefined,
        reason: error instanceof Error ? error.message : String(error),
      },
      'payment provider unavailable: order not created',
    );
    throw providerUnavailable();
  }
}

/** What the browser's checkout needs of a new order (registration, renewal or upgrade alike). */
const checkoutOrder = (orderId: string, tax: TTaxSplit, provider: TPaymentProvider): TPaymentOrder => ({
  orderId,
  amount: tax.taxableValue,
  currency: CURRENCY,
  keyId: provider.keyId,
  testMode: provider.testMode,
  tax: tax.tax,
  total: tax.total,
  gst: { cgst: tax.cgst, sgst: tax.sgst, igst: tax.igst },
});

/** The registration's unique indexes and the 409 each one answers. */
const REGISTRATION_UNIQUE = {
  persons_phone_key: [PAYMENT_TEXTS.phoneTaken, 'phone'],
  code: [PAYMENT_TEXTS.codeTaken, 'code'],
} as const;

const takenConflict = (taken: 'phone' | 'code') =>
  taken === 'phone' ? conflict(PAYMENT_TEXTS.phoneTaken, 'phone') : conflict(PAYMENT_TEXTS.codeTaken, 'code');

/** Attempts to write a registration: a lost race on the phone or code index is looked at again. */
const REGISTRATION_WRITE_TRIES = 3;

/**
 * One registration attempt, in the caller's transaction: its details beside its pending payment,
 * joined to the phone's pending owner, or creating it when this is the phone's first attempt. Looks
 * at the phone and code again under the owner's lock (an earlier attempt may have been paid for
 * meanwhile). Answers whether an existing pending owner was joined.
 */
async function writeRegistrationAttempt(
  trx: TDb,
  input: {
    phone: string;
    details: Omit<TNewRegistrationAttempt, 'paymentId'>;
    payment: { id: number; provider: TPaymentProvider['kind']; tax: TTaxSplit; orderId: string };
  },
): Promise<boolean> {
  const { phone, details, payment } = input;
  const existing = await findOwnerByPhone(trx, phone);
  const phoneOwner = existing ? await lockOwnerById(trx, existing.id) : undefined;
  const targets = await registrationTargets(trx, phoneOwner, details.code);
  if ('taken' in targets) throw takenConflict(targets.taken);
  let ownerId = targets.phoneOwner?.id;
  if (ownerId === undefined) {
    // While another unpaid registration holds the code, this owner waits under a placeholder.
    const id = await reserveOwnerId(trx);
    const { billingLegalName, billingAddress, billingState, billingGstin, ...ownerDetails } = details;
    const created = await insertOwner(trx, {
      ...ownerDetails,
      id,
      code: targets.codeHolder ? placeholderCode(id) : details.code,
      contactNumber: phone,
      registrationSource: 'website',
      status: 'pending',
    });
    ownerId = created.id;
  }
  await insertPayment(trx, {
    id: payment.id,
    ownerId,
    plan: details.plan,
    purpose: 'registration',
    provider: payment.provider,
    ...paymentTaxColumns(payment.tax),
    currency: CURRENCY,
    status: 'pending',
    razorpayOrderId: payment.orderId,
  });
  await insertRegistrationAttempt(trx, { paymentId: payment.id, ...details });
  return targets.phoneOwner !== undefined;
}

/**
 * POST /api/payments/initiate. Validates (input schema, plan amount, phone and code not taken by a
 * real account), creates the provider order FIRST (receipt = a reserved payment id), then writes
 * the attempt in one transaction: its own details beside its own pending payment, and the phone's
 * pending owner when this is the phone's first attempt. A later attempt for the same phone changes
 * nothing on that owner: an attempt's details reach the owner only when its payment is captured
 * (settlement.service.ts), so nobody can re-initiate with someone else's phone and take the account over.
 * A provider failure leaves nothing behind.
 */
export async function initiateRegistration(
  deps: TDeps,
  input: TPaymentInitiate,
  client: TClient,
): Promise<TPaymentOrder> {
  await deps.rateLimiter.consume('paymentInitiatePerIp', client.ip);
  const plan = resolveRegistrationPlan(input.plan);
  if (input.amount !== plan.amount) throw badRequest(PAYMENT_TEXTS.amountMismatch, 'amount');
  const u = input.userData;

  const early = await registrationTargets(deps.db, await findOwnerByPhone(deps.db, u.phone), u.code);
  if ('taken' in early) throw takenConflict(early.taken);

  assertPasswordNotCommon(u.password, 'userData.password');
  const passwordHash = await hashPassword(u.password);
  const provider = paymentProviderFor(deps);
  const tax = await orderTax(deps.db, plan.amount, {
    billingState: input.billing?.state,
    businessState: u.state,
  });
  const paymentId = await reservePaymentId(deps.db);
  const order = await createProviderOrder(deps, provider, {
    paymentId,
    amount: tax.total,
    notes: { businessName: u.businessName, code: u.code, purpose: 'registration' },
  });

  const details = {
    name: u.name,
    email: u.email,
    businessName: u.businessName,
    code: u.code,
    reviewLink: u.businessUrl,
    state: u.state,
    city: u.city,
    salesRepName: u.salesGuy,
    plan: plan.key,
    passwordHash,
    billingLegalName: input.billing?.legalName ?? null,
    billingAddress: input.billing?.address ?? null,
    billingState: input.billing?.state ?? null,
    billingGstin: input.billing?.gstin ?? null,
  };
  const write = () =>
    inTransaction(deps.db, (trx) =>
      writeRegistrationAttempt(trx, {
        phone: u.phone,
        details,
        payment: { id: paymentId, provider: provider.kind, tax, orderId: order.id },
      }),
    );
  let reused: boolean;
  for (let attempt = 1; ; attempt++) {
    try {
      reused = await write();
      break;
    } catch (error) {
      // Two first attempts for one phone, or a code taken meanwhile: look again.
      const lost = uniqueConflict(error, REGISTRATION_UNIQUE);
      if (lost && attempt < REGISTRATION_WRITE_TRIES) continue;
      throw lost ?? error;
    }
  }
  deps.log.info({ paymentId, provider: provider.kind, reused }, 'registration payment initiated');
  return checkoutOrder(order.id, tax, provider);
}

/** A renewal or upgrade order for a signed-in owner (owner.plan.createOrder). */
export async function createOwnerOrder(
  deps: TDeps,
  owner: TOwnerPublic,
  input: { plan: TPlanKey; purpose: Exclude<TPaymentPurpose, 'registration'> },
  client: TClient,
): Promise<TPaymentOrder> {
  await deps.rateLimiter.consume('paymentInitiatePerIp', client.ip);
  const plan = resolveRegistrationPlan(input.plan);
  const provider = paymentProviderFor(deps);
  const tax = await businessOrderTax(deps.db, plan.amount, owner);
  const paymentId = await reservePaymentId(deps.db);
  const order = await createProviderOrder(deps, provider, {
    paymentId,
    amount: tax.total,
    notes: { businessName: owner.businessName, code: owner.code, purpose: input.purpose },
  });
  await insertPayment(deps.db, {
    id: paymentId,
    ownerId: owner.id,
    plan: plan.key,
    purpose: input.purpose,
    provider: provider.kind,
    ...paymentTaxColumns(tax),
    currency: CURRENCY,
    status: 'pending',
    razorpayOrderId: order.id,
  });
  deps.log.info({ paymentId, ownerId: owner.id, purpose: input.purpose }, 'plan payment initiated');
  return checkoutOrder(order.id, tax, provider);
}

/**
 * POST /api/payments/verify. The checkout signature must be the provider's HMAC of our stored
 * order id and the payment id; then the payment settles on the one activation path. The first
 * verify of an applied registration signs the owner in (only an owner the sign-in rule lets in),
 * whether it captured the payment or the webhook or reconciliation did before it: the first is the
 * one that stores the checkout's signature, under the payment's row lock. A repeated verify, a
 * renewal, or a registration captured after its phone or code was taken answers success without a
 * token, so holding a checkout callback never mints a second session. Anything forged or mismatched is a 400 and changes nothing.
 */
export async function verifyCheckout(
  deps: TDeps,
  input: TPaymentVerify,
  client: TClient,
): Promise<TPaymentVerifyResult> {
  const provider = paymentProviderFor(deps);
  const payment = await findPaymentByOrderId(deps.db, input.razorpay_order_id);
  const valid =
    payment?.razorpayOrderId != null &&
    payment.provider === provider.kind &&
    provider.verifyCheckoutSignature(
      payment.razorpayOrderId,
      input.razorpay_payment_id,
      input.razorpay_signature,
    );
  if (!payment || !valid) {
    deps.log.warn(
      { orderId: input.razorpay_order_id.slice(0, 64), known: Boolean(payment) },
      'payment verification failed',
    );
    throw badRequest(PAYMENT_TEXTS.verificationFailed);
  }
  const outcome = await settleCaptured(deps, deps.db, {
    orderId: payment.razorpayOrderId!,
    paymentId: input.razorpay_payment_id,
    signature: input.razorpay_signature,
    method: provider.testMode ? 'test' : null,
    source: 'verify',
  });
  deps.reviewPageCache.clear();
  if (outcome.kind === 'unknown-order' || outcome.kind === 'amount-mismatch') {
    throw badRequest(PAYMENT_TEXTS.verificationFailed);
  }
  if (payment.purpose !== 'registration') return { success: true };
  if (outcome.kind === 'activated') {
    const owner = payment.ownerId === null ? undefined : await findOwnerById(deps.db, payment.ownerId);
    if (!owner) throw badRequest(PAYMENT_TEXTS.verificationFailed);
    assertOwnerMaySignIn(owner);
    const token = await startPayingOwnerSession(deps, owner, client);
    return { success: true, token, user: toOwnerUser(owner) };
  }
  // The webhook (or reconciliation) was faster: the paying browser's first verify, the one that
  // brought the checkout's signature, still signs its owner in, when the registration was applied.
  if (outcome.kind === 'already-captured' && outcome.firstSignature) {
    const attempt = await findRegistrationAttempt(deps.db, payment.id);
    const owner = payment.ownerId === null ? undefined : await findOwnerById(deps.db, payment.ownerId);
    if (attempt?.outcome === 'applied' && owner && owner.status === 'active' && !owner.deletedAt) {
      const token = await startPayingOwnerSession(deps, owner, client);
      return { success: true, token, user: toOwnerUser(owner) };
    }
  }
  const needsRefund =
    outcome.kind === 'needs-refund' ||
    (await findRegistrationAttempt(deps.db, payment.id))?.outcome === 'needs_refund';
  return needsRefund
    ? { success: true, needsRefund: true, message: PAYMENT_TEXTS.paymentNeedsRefund }
    : { success: true, message: PAYMENT_TEXTS.paymentAlreadyVerified };
}

/**
 * The session of the person who owns the paid business: tokens name people (migration 0021), and a
 * business's id is not its owner's once ids have drifted apart (a second branch, a team member).
 */
async function startPayingOwnerSession(deps: TDeps, owner: TOwnerPublic, client: TClient): Promise<string> {
  const person = await findBusinessOwnerPerson(deps.db, owner.id);
  if (!person) throw badRequest(PAYMENT_TEXTS.verificationFailed);
  return startOwnerSession(deps, person.id, client, 'payment');
}

/** The part of a Razorpay webhook event this server reads; everything else is ignored. */
const ZWebhookEvent = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z
        .object({
          entity: z.object({
            id: z.string(),
            order_id: z.string().nullish(),
            amount: z.number().nullish(),
            method: z.string().nullish(),
            error_description: z.string().nullish(),
          }),
        })
        .optional(),
      order: z.object({ entity: z.object({ id: z.string() }) }).optional(),
      refund: z.object({ entity: z.object({ id: z.string() }) }).optional(),
      subscription: z.object({ entity: z.object({ id: z.string() }) }).optional(),
    })
    .default({}),
});

export type TWebhookResult = 'processed' | 'duplicate' | 'ignored';

/**
 * POST /api/payments/webhook proves itself: the signature is an HMAC of the RAW body with the
 * webhook secret, compared in constant time; a bad one is a 400 and changes nothing. Answers the
 * body it verified, which is what `handleWebhook` reads.
 */
export function verifyRazorpayWebhook(
  deps: Pick<TDeps, 'config' | 'log'>,
  input: { rawBody: Buffer; signature: string | undefined },
): Buffer {
  const secret = deps.config.razorpay.webhookSecret;
  if (!secret) deps.log.warn('webhook received but RAZORPAY_WEBHOOK_SECRET is not set');
  if (!secret || !input.signature || !signatureMatches(hmacHex(secret, input.rawBody), input.signature)) {
    throw badRequest(PAYMENT_TEXTS.webhookSignatureInvalid);
  }
  return input.rawBody;
}

/**
 * A verified Razorpay event (verifyRazorpayWebhook). The event id is recorded in the same
 * transaction as its effect, so a replay is skipped and a failed attempt can be retried.
 */
export async function handleWebhook(
  deps: TDeps,
  input: { rawBody: Buffer; eventId: string | undefined },
): Promise<TWebhookResult> {
  let parsed: z.infer<typeof ZWebhookEvent>;
  try {
    parsed = ZWebhookEvent.parse(JSON.parse(input.rawBody.toString('utf8')));
  } catch {
    throw badRequest('The webhook body is not a Razorpay event');
  }
  const { event, payload } = parsed;
  const entity = payload.payment?.entity;
  const orderId = entity?.order_id ?? payload.order?.entity.id;

  const result = await inTransaction(deps.db, async (trx: TDb): Promise<TWebhookResult> => {
    if (input.eventId && !(await recordWebhookEvent(trx, input.eventId.slice(0, 200), event)))
      return 'duplicate';
    if ((event === 'payment.captured' || event === 'order.paid') && entity && orderId) {
      const outcome = await settleCaptured(deps, trx, {
        orderId,
        paymentId: entity.id,
        method: entity.method ?? null,
        amount: entity.amount ?? null,
        source: 'webhook',
      });
      return outcome.kind === 'unknown-order' ? 'ignored' : 'processed';
    }
    if (event === 'payment.failed' && entity && orderId) {
      const outcome = await settleFailed(deps, trx, {
        orderId,
        paymentId: entity.id,
        method: entity.method ?? null,
        reason: entity.error_description || 'Payment failed',
        source: 'webhook',
      });
      return outcome.kind === 'unknown-order' ? 'ignored' : 'processed';
    }
    const subscription = payload.subscription?.entity;
    if (event.startsWith('subscription.') && subscription) {
      return handleSubscriptionEvent(deps, trx, {
        event,
        subscriptionId: subscription.id,
        payment: entity
          ? {
              id: entity.id,
              orderId: entity.order_id ?? null,
              amount: entity.amount ?? null,
              method: entity.method ?? null,
            }
          : undefined,
      });
    }
    const refund = payload.refund?.entity;
    if (event === 'refund.failed' && refund) {
      return settleRefundFailed(deps, trx, refund.id);
    }
    return 'ignored';
  });
  if (result === 'processed') deps.reviewPageCache.clear();
  deps.log.info({ event, eventId: input.eventId, result }, 'payment webhook handled');
  return result;
}

/**
 * payments.testGateway.complete: the "Test payment" dialog's Pay / Fail. Exists only while no
 * Razorpay keys are set (404 otherwise). Pay answers the checkout callback fields signed with the
 * gateway's own secret, so the browser then calls verify exactly as after Razorpay Checkout.
 */
export async function completeTestPayment(
  deps: TDeps,
  input: TTestGatewayComplete,
): Promise<TTestGatewayResult> {
  const gateway = paymentProviderFor(deps).testGateway;
  if (!gateway) throw notFound(PAYMENT_TEXTS.testGatewayUnavailable);
  const payment = await findPaymentByOrderId(deps.db, input.orderId);
  if (payment?.provider !== 'test') throw notFound(PAYMENT_TEXTS.paymentNotFound);
  if (payment.status === 'captured') throw badRequest(PAYMENT_TEXTS.paymentAlreadyComplete);
  if (input.outcome === 'success') return gateway.pay(input.orderId);
  const attempt = gateway.fail(input.orderId, PAYMENT_TEXTS.testPaymentFailed);
  await settleFailed(deps, deps.db, {
    orderId: input.orderId,
    paymentId: attempt.id,
    method: attempt.method,
    reason: PAYMENT_TEXTS.testPaymentFailed,
    source: 'test-gateway',
  });
  return { error: { description: PAYMENT_TEXTS.testPaymentFailed } };
}
