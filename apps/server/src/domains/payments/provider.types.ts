import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TPaymentProvider as TProviderKind } from '@starloop/contract';
import type { TTestGateway } from './test-gateway.client.ts';

export interface TCreateOrderInput {
  /** Paise. */
  amount: number;
  currency: string;
  /** Our payment id as a string. */
  receipt: string;
  notes: Record<string, string>;
}

export interface TProviderOrder {
  id: string;
  amount: number;
  currency: string;
}

/** One payment attempt on an order, as the provider reports it. */
export interface TProviderPayment {
  id: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  method: string | null;
  errorDescription: string | null;
}

/** A refund of a payment, as the provider reports it. */
export interface TProviderRefund {
  id: string;
  status: 'pending' | 'processed' | 'failed';
}

/** A whole payment back to its payer; the receipt names the refund, so it is made once. */
export interface TRefundInput {
  paymentId: string;
  /** Paise. */
  amount: number;
  receipt: string;
  notes: Record<string, string>;
}

/**
 * Any failure to reach the provider or a refusal by it; callers answer 503 and write nothing.
 * Deliberately carries no `cause`: the SDK's errors hold its request config, key secret included.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    public readonly statusCode: number | undefined,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** One payment-provider interface (architecture.md): Razorpay, or the built-in test gateway. */
export interface TPaymentProvider {
  kind: TProviderKind;
  /** The public key the checkout opens with. */
  keyId: string;
  /** True for the built-in test gateway: no money moves. */
  testMode: boolean;
  createOrder(input: TCreateOrderInput): Promise<TProviderOrder>;
  fetchOrderPayments(orderId: string): Promise<TProviderPayment[]>;
  /** Refunds a captured payment; a refund already made with the same receipt is answered instead. */
  refundPayment(input: TRefundInput): Promise<TProviderRefund>;
  /** Checks the checkout callback's signature in constant time. */
  verifyCheckoutSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** The test gateway itself, only when this provider is it. */
  testGateway: TTestGateway | undefined;
  /**
   * AutoPay (Razorpay Subscriptions): a monthly plan at `amount` (GST included) and a subscription
   * on it, authorised by the customer in checkout. Undefined where the provider has none (the test gateway).
   */
  subscriptions?: {
    create(input: TCreateSubscriptionInput): Promise<{ planId: string; subscriptionId: string }>;
    /** Cancels at once (no further charge). */
    cancel(subscriptionId: string): Promise<void>;
  };
}

export interface TCreateSubscriptionInput {
  /** Paise, GST included: what each month charges. */
  amount: number;
  planName: string;
  /** Monthly charges before the subscription completes. */
  totalCount: number;
  notes: Record<string, string>;
}

export const PROVIDER_TIMEOUT_MS = 10_000;

export const hmacHex = (secret: string, payload: string | Buffer) =>
  createHmac('sha256', secret).update(payload).digest('hex');

/** Constant-time comparison of a received hex signature with the expected one. */
export function signatureMatches(expectedHex: string, received: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8');
  const given = Buffer.from(received, 'utf8');
  if (expected.length !== given.length) {
    // Still spend a comparison so the length mismatch is not faster to find.
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(expected, given);
}

/** Razorpay's checkout signature: HMAC-SHA256 of `order_id|payment_id` with the secret, hex. */
export const checkoutSignature = (secret: string, orderId: string, paymentId: string) =>
  hmacHex(secret, `${orderId}|${paymentId}`);
