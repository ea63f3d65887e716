import Razorpay from 'razorpay';
import {
  checkoutSignature,
  PaymentProviderError,
  PROVIDER_TIMEOUT_MS,
  signatureMatches,
  type TPaymentProvider,
  type TProviderPayment,
} from './provider.types.ts';

interface TAxiosLike {
  defaults: { baseURL?: string; timeout?: number };
}

/**
 * The SDK paths carry their own `/v1` prefix, so the host is the configured API base without it
 * (`https://api.razorpay.com/v1` -> `https://api.razorpay.com`).
 */
export function sdkBaseUrl(apiBase: string): string {
  return apiBase.replace(/\/+$/, '').replace(/\/v1$/, '');
}

/**
 * Builds the SDK client. This is the ONE place that points the SDK at another host: the SDK has no
 * base-URL option, so its axios instance is reconfigured after construction
 * (razorpay-provider.int.test.ts fails loudly if an SDK upgrade stops honouring this).
 */
export function createRazorpayClient(options: {
  keyId: string;
  keySecret: string;
  apiBase: string;
  timeoutMs?: number;
}): Razorpay {
  const client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  const rq = (client.api as unknown as { rq?: TAxiosLike }).rq;
  if (!rq?.defaults) {
    throw new Error(
      'razorpay SDK: api.rq is missing; the base-URL override needs updating for this SDK version',
    );
  }
  rq.defaults.baseURL = sdkBaseUrl(options.apiBase);
  rq.defaults.timeout = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  return client;
}

/** Turns whatever the SDK threw (its `{statusCode, error}` object, an axios or a plain error) into one error. */
function providerError(action: string, error: unknown): PaymentProviderError {
  const e = error as
    | { statusCode?: unknown; error?: { description?: unknown }; message?: unknown }
    | undefined;
  const statusCode = typeof e?.statusCode === 'number' ? e.statusCode : undefined;
  const detail =
    typeof e?.error?.description === 'string'
      ? e.error.description
      : typeof e?.message === 'string'
        ? e.message
        : 'no response';
  return new PaymentProviderError(`Razorpay ${action} failed: ${detail}`, statusCode);
}

export function createRazorpayProvider(options: {
  keyId: string;
  keySecret: string;
  apiBase: string;
  /** Request timeout; PROVIDER_TIMEOUT_MS (10 s) unless a test wants it shorter. */
  timeoutMs?: number;
}): TPaymentProvider {
  const client = createRazorpayClient(options);
  return {
    kind: 'razorpay',
    keyId: options.keyId,
    testMode: false,
    testGateway: undefined,
    async createOrder(input) {
      try {
        const order = await client.orders.create({
          amount: input.amount,
          currency: input.currency,
          receipt: input.receipt,
          notes: input.notes,
        });
        if (!order || typeof order.id !== 'string' || !order.id) {
          throw new Error('the order in the answer has no id');
        }
        return { id: order.id, amount: Number(order.amount), currency: String(order.currency) };
      } catch (error) {
        throw providerError('order creation', error);
      }
    },
    subscriptions: {
      async create(input) {
        try {
          const plan = await client.plans.create({
            period: 'monthly',
            interval: 1,
            item: { name: input.planName, amount: input.amount, currency: 'INR' },
            notes: input.notes,
          });
          const subscription = await client.subscriptions.create({
            plan_id: plan.id,
            total_count: input.totalCount,
            customer_notify: 1,
            notes: input.notes,
          });
          if (!plan?.id || !subscription?.id) throw new Error('the subscription in the answer has no id');
          return { planId: plan.id, subscriptionId: subscription.id };
        } catch (error) {
          throw providerError('subscription creation', error);
        }
      },
      async cancel(subscriptionId) {
        try {
          await client.subscriptions.cancel(subscriptionId, false);
        } catch (error) {
          throw providerError('subscription cancellation', error);
        }
      },
    },
    async fetchOrderPayments(orderId) {
      try {
        const answer = await client.orders.fetchPayments(orderId);
        return (answer?.items ?? []).map(
          (p): TProviderPayment => ({
            id: p.id,
            status: p.status,
            method: p.method ?? null,
            errorDescription: p.error_description ?? null,
          }),
        );
      } catch (error) {
        throw providerError('payment lookup', error);
      }
    },
    async refundPayment(input) {
      try {
        // Razorpay has no idempotency key for refunds: a refund carrying our receipt (and not failed)
        // is looked for first, so a retry after a lost answer does not ask for the money twice.
        const made = await client.payments.fetchMultipleRefund(input.paymentId);
        const earlier = made?.items?.find((r) => r.receipt === input.receipt && r.status !== 'failed');
        const refund =
          earlier ??
          (await client.payments.refund(input.paymentId, {
            amount: input.amount,
            speed: 'normal',
            receipt: input.receipt,
            notes: input.notes,
          }));
        if (!refund || typeof refund.id !== 'string' || !refund.id) {
          throw new Error('the refund in the answer has no id');
        }
        return { id: refund.id, status: refund.status };
      } catch (error) {
        throw providerError('refund', error);
      }
    },
    verifyCheckoutSignature(orderId, paymentId, signature) {
      return signatureMatches(checkoutSignature(options.keySecret, orderId, paymentId), signature);
    },
  };
}
