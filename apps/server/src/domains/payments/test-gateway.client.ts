import { randomBytes } from 'node:crypto';
import {
  checkoutSignature,
  signatureMatches,
  type TPaymentProvider,
  type TProviderPayment,
  type TProviderRefund,
} from './provider.types.ts';

/** What the register page's "Test payment" dialog gets back after Pay: the checkout callback fields. */
export interface TTestCheckoutSuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface TTestGateway {
  /** A successful test payment on the order, signed with the gateway's own per-process secret. */
  pay(orderId: string): TTestCheckoutSuccess;
  /** A failed test payment attempt on the order. */
  fail(orderId: string, reason: string): TProviderPayment;
}

export const TEST_GATEWAY_KEY_ID = 'test_gateway';

const randomId = (prefix: string) => `${prefix}_test_${randomBytes(7).toString('hex')}`;

/**
 * The built-in test gateway (decisions.md): the same interface as Razorpay, no money, no network.
 * Used only when no Razorpay keys are set; every order it makes is labelled test mode.
 */
export function createTestGateway(): TPaymentProvider & { testGateway: TTestGateway } {
  // Per process: a signature from another process or a restarted one never verifies here.
  const secret = randomBytes(32).toString('hex');
  // Attempts per order, so reconciliation can settle a test payment whose verify never came.
  const attempts = new Map<string, TProviderPayment[]>();
  const addAttempt = (orderId: string, attempt: TProviderPayment) => {
    const list = attempts.get(orderId) ?? [];
    list.push(attempt);
    attempts.set(orderId, list);
    // Bounded: a long-running dev server forgets the oldest orders first.
    if (attempts.size > 10_000) attempts.delete(attempts.keys().next().value as string);
    return attempt;
  };

  const testGateway: TTestGateway = {
    pay(orderId) {
      const paymentId = randomId('pay');
      addAttempt(orderId, { id: paymentId, status: 'captured', method: 'test', errorDescription: null });
      return {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: checkoutSignature(secret, orderId, paymentId),
      };
    },
    fail(orderId, reason) {
      return addAttempt(orderId, {
        id: randomId('pay'),
        status: 'failed',
        method: 'test',
        errorDescription: reason,
      });
    },
  };

  // Refunds by receipt: asking again answers the refund already made.
  const refunds = new Map<string, TProviderRefund>();

  return {
    kind: 'test',
    keyId: TEST_GATEWAY_KEY_ID,
    testMode: true,
    testGateway,
    async createOrder(input) {
      return { id: randomId('order'), amount: input.amount, currency: input.currency };
    },
    async fetchOrderPayments(orderId) {
      return [...(attempts.get(orderId) ?? [])];
    },
    async refundPayment(input) {
      const refund = refunds.get(input.receipt) ?? { id: randomId('rfnd'), status: 'processed' as const };
      refunds.set(input.receipt, refund);
      return refund;
    },
    verifyCheckoutSignature(orderId, paymentId, signature) {
      return signatureMatches(checkoutSignature(secret, orderId, paymentId), signature);
    },
  };
}
