import { z } from 'zod';
import { OWNER_STATUSES, PAYMENT_PURPOSES, PAYMENT_STATUSES } from './constants.ts';
import { ZIsoDate, ZOwnerUser } from './dto.ts';
import { MESSAGES } from './messages.ts';
import { PLAN_KEYS } from './plans.ts';
import { decimalInput } from './schema-helpers.ts';
import { ZRegistrationUserData } from './schemas.ts';

/** Texts of the payment endpoints (the register page shows the server's message as is). */
export const PAYMENT_TEXTS = {
  providerUnavailable: 'Payment provider is unavailable. Please try again.',
  verificationFailed: 'Payment verification failed',
  phoneTaken: 'This phone number is already registered',
  codeTaken: 'This business code is taken',
  amountRequired: 'Amount is required',
  amountMismatch: 'The amount does not match the selected plan',
  paymentNotFound: 'Payment not found',
  paymentAlreadyComplete: 'This payment is already complete',
  testPaymentFailed: 'Test payment failed',
  testGatewayUnavailable: 'The test payment gateway is not available',
  alreadyProfessional: 'You are already on the Professional plan',
  accountInactive: 'Your account is inactive. Please contact support.',
  webhookSignatureInvalid: 'Webhook signature verification failed',
  paymentAlreadyVerified: 'Payment received. Please sign in to continue.',
  paymentNeedsRefund:
    'Payment received, but this phone number or business code was registered meanwhile. Your payment will be refunded.',
} as const;

/** POST /api/payments/initiate and payments.initiate. */
export const ZPaymentInitiate = z.object({
  userData: ZRegistrationUserData,
  /** Plan name ('Essential', 'Professional' or a key); an unknown name falls back to Essential. */
  plan: z
    .string({ message: MESSAGES.registration.planRequired })
    .trim()
    .min(1, MESSAGES.registration.planRequired),
  /** Paise; must equal the plan table's amount. */
  amount: decimalInput(
    z
      .number({ message: PAYMENT_TEXTS.amountRequired })
      .finite(PAYMENT_TEXTS.amountRequired)
      .int(PAYMENT_TEXTS.amountMismatch),
  ),
});
export type TPaymentInitiate = z.infer<typeof ZPaymentInitiate>;

/** A provider order the browser opens checkout with. testMode: the built-in test gateway, not Razorpay. */
export const ZPaymentOrder = z.object({
  orderId: z.string(),
  /** Paise. */
  amount: z.number().int(),
  currency: z.string(),
  keyId: z.string(),
  testMode: z.boolean(),
});
export type TPaymentOrder = z.infer<typeof ZPaymentOrder>;

const checkoutField = (max: number) =>
  z
    .string({ message: PAYMENT_TEXTS.verificationFailed })
    .trim()
    .min(1, PAYMENT_TEXTS.verificationFailed)
    .max(max, PAYMENT_TEXTS.verificationFailed);

/** The fields Razorpay Checkout (or the test gateway) hands to its success callback. */
export const ZPaymentVerify = z.object({
  razorpay_order_id: checkoutField(100),
  razorpay_payment_id: checkoutField(100),
  razorpay_signature: checkoutField(200),
});
export type TPaymentVerify = z.infer<typeof ZPaymentVerify>;

/**
 * token and user come only from the call that captured a registration, for an owner that may sign
 * in. A repeated verify (or one after the webhook), a renewal, and a registration captured after
 * its phone or code was taken answer success without them; needsRefund marks the last.
 */
export const ZPaymentVerifyResult = z.object({
  success: z.literal(true),
  token: z.string().optional(),
  user: ZOwnerUser.optional(),
  message: z.string().optional(),
  needsRefund: z.boolean().optional(),
});
export type TPaymentVerifyResult = z.infer<typeof ZPaymentVerifyResult>;

export const ZTestGatewayComplete = z.object({
  orderId: z.string().trim().min(1).max(100),
  outcome: z.enum(['success', 'failure']),
});
export type TTestGatewayComplete = z.infer<typeof ZTestGatewayComplete>;

/** success: the checkout callback fields (then call verify); failure: the gateway's error. */
export const ZTestGatewayResult = z.union([
  ZPaymentVerify,
  z.object({ error: z.object({ description: z.string() }) }),
]);
export type TTestGatewayResult = z.infer<typeof ZTestGatewayResult>;

export const ZWebhookAck = z.object({ status: z.literal('ok') });

/** owner.plan.createOrder: renew (same or another plan) or upgrade to Professional. */
export const ZPlanCreateOrder = z.object({
  plan: z
    .string({ message: MESSAGES.registration.planRequired })
    .trim()
    .min(1, MESSAGES.registration.planRequired),
  purpose: z.enum(['renewal', 'upgrade']),
});
export type TPlanCreateOrder = z.infer<typeof ZPlanCreateOrder>;

export const ZOwnerPlanPayment = z.object({
  id: z.number().int(),
  plan: z.enum(PLAN_KEYS),
  purpose: z.enum(PAYMENT_PURPOSES),
  /** Paise. */
  amount: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.string().nullable(),
  razorpayPaymentId: z.string().nullable(),
  createdAt: ZIsoDate,
});

export const ZOwnerPlan = z.object({
  plan: z.enum(PLAN_KEYS),
  planName: z.string(),
  status: z.enum(OWNER_STATUSES),
  subscriptionStart: ZIsoDate.nullable(),
  subscriptionEnd: ZIsoDate.nullable(),
  /** Whole days until the end (0 once ended); null with no subscription. */
  daysLeft: z.number().int().nullable(),
  /** Ended, but within the grace days in which the review page keeps working. */
  inGrace: z.boolean(),
  reviewPageActive: z.boolean(),
  payments: z.array(ZOwnerPlanPayment),
  /** This month's review requests against the plan's (added with review requests). */
  requests: z.object({ month: z.string(), used: z.number().int(), limit: z.number().int() }).optional(),
});
export type TOwnerPlan = z.infer<typeof ZOwnerPlan>;
