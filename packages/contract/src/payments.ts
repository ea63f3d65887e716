import { z } from 'zod';
import { ZAccountBillingWrite } from './billing.ts';
import { MESSAGES } from './messages.ts';
import { ZOwnerUser } from './owner/auth.ts';
import { ZRegistrationUserData } from './public/registration.ts';
import { decimalInput } from './schema-helpers.ts';

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
  /** Optional billing details for the account's tax invoices (legal name, address, state, GSTIN). */
  billing: ZAccountBillingWrite.optional(),
});
export type TPaymentInitiate = z.infer<typeof ZPaymentInitiate>;

/** A provider order the browser opens checkout with. testMode: the built-in test gateway, not Razorpay. */
export const ZPaymentOrder = z.object({
  orderId: z.string(),
  /** Paise: the plan's price before GST. */
  amount: z.number().int(),
  currency: z.string(),
  keyId: z.string(),
  testMode: z.boolean(),
  /** GST on the amount (paise); the provider order is for `total`. */
  tax: z.number().int(),
  /** amount + tax (paise): what checkout charges. */
  total: z.number().int(),
  /** How the tax splits: CGST + SGST within the operator's state, IGST otherwise. */
  gst: z.object({ cgst: z.number().int(), sgst: z.number().int(), igst: z.number().int() }),
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

/** AutoPay (issue 32 item 9): Razorpay Subscriptions, UPI AutoPay or a card e-mandate. */
export const AUTOPAY_TEXTS = {
  unavailable: 'AutoPay needs Razorpay: it is not available with the test payment gateway.',
  alreadyOn: 'AutoPay is already on for this branch.',
  notOn: 'AutoPay is not on for this branch.',
  cancelled: 'AutoPay is off. Your plan runs until the end of the paid period.',
  notActive: 'AutoPay can be switched on once the branch is active.',
} as const;

export const AUTOPAY_STATUSES = [
  'created',
  'authenticated',
  'active',
  'pending',
  'halted',
  'cancelled',
  'completed',
] as const;

/** What checkout opens AutoPay with: the subscription and what each month charges. */
export const ZAutopayStart = z.object({
  subscriptionId: z.string(),
  keyId: z.string(),
  /** Paise: the plan's price before GST; `total` is charged each month. */
  amount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  gst: z.object({ cgst: z.number().int(), sgst: z.number().int(), igst: z.number().int() }),
});
export type TAutopayStart = z.infer<typeof ZAutopayStart>;

export const ZAutopayState = z.object({
  status: z.enum(AUTOPAY_STATUSES),
  /** Paise charged each month, GST included. */
  total: z.number().int(),
  since: z.string(),
});
