import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { listenOnLoopback, readJsonBody, sendJson as send, withLiveState } from './fake-http.ts';

export interface TFakeRequest {
  method: string;
  /** Path and query as received, e.g. `/v1/orders`. */
  path: string;
  headers: IncomingMessage['headers'];
  /** The JSON body, parsed (undefined when there was none). */
  body: unknown;
}

export interface TFakeOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string | undefined;
  notes: Record<string, string>;
}

export interface TFakePayment {
  id: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  method?: string;
  error_description?: string | null;
}

export interface TFakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  receipt: string | null;
  notes: Record<string, string>;
  /** A test sets 'failed' to play a refund the bank sent back. */
  status: 'processed' | 'failed';
}

export interface TFakePlan {
  id: string;
  period: string;
  interval: number;
  item: { name: string; amount: number; currency: string };
}

export interface TFakeSubscription {
  id: string;
  plan_id: string;
  total_count: number;
  status: 'created' | 'authenticated' | 'active' | 'pending' | 'halted' | 'cancelled' | 'completed';
  notes: Record<string, string>;
}

/** ok: answers like Razorpay; error: 500 for everything; hang: accepts and never answers. */
export type TFakeMode = 'ok' | 'error' | 'hang';

export interface TFakeRazorpay {
  /** Base URL to pass as RAZORPAY_API_BASE, e.g. http://127.0.0.1:40123 */
  url: string;
  requests: TFakeRequest[];
  orders: Map<string, TFakeOrder>;
  mode: TFakeMode;
  /** The payment attempts GET /v1/orders/:id/payments reports for an order. */
  setOrderPayments(orderId: string, payments: TFakePayment[]): void;
  /** Refunds made, by payment id (POST /v1/payments/:id/refund; listed by GET .../refunds). */
  refunds: Map<string, TFakeRefund[]>;
  /** Plans (POST /v1/plans) and subscriptions (POST /v1/subscriptions, POST .../:id/cancel). */
  plans: Map<string, TFakePlan>;
  subscriptions: Map<string, TFakeSubscription>;
  reset(): void;
  close(): Promise<void>;
}

/**
 * A fake Razorpay API on loopback for tests: POST /v1/orders, GET /v1/orders/:id/payments, and a
 * payment's refunds (POST /v1/payments/:id/refund, GET /v1/payments/:id/refunds; never more than paid
 * counting failed ones out),
 * recording every request it receives; switchable to answer 500 or to hang.
 */
export async function startFakeRazorpay(): Promise<TFakeRazorpay> {
  const requests: TFakeRequest[] = [];
  const orders = new Map<string, TFakeOrder>();
  const payments = new Map<string, TFakePayment[]>();
  const paymentAmounts = new Map<string, number>();
  const refunds = new Map<string, TFakeRefund[]>();
  const plans = new Map<string, TFakePlan>();
  const subscriptions = new Map<string, TFakeSubscription>();
  const state = { mode: 'ok' as TFakeMode };

  const server = await listenOnLoopback({}, async (req, res) => {
    const body = await readJsonBody(req);
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });

    if (state.mode === 'hang') return; // never answers; close() destroys the socket
    if (state.mode === 'error') {
      return send(res, 500, {
        error: { code: 'SERVER_ERROR', description: 'The server encountered an error' },
      });
    }
    if (!req.headers.authorization?.startsWith('Basic ')) {
      return send(res, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    }
    if (req.method === 'POST' && path === '/v1/orders') {
      const input = (body ?? {}) as Partial<TFakeOrder>;
      const order: TFakeOrder = {
        id: `order_${randomBytes(7).toString('hex')}`,
        amount: Number(input.amount),
        currency: String(input.currency),
        receipt: input.receipt,
        notes: input.notes ?? {},
      };
      orders.set(order.id, order);
      return send(res, 200, {
        ...order,
        entity: 'order',
        amount_paid: 0,
        amount_due: order.amount,
        status: 'created',
        attempts: 0,
        created_at: Math.floor(Date.now() / 1000),
      });
    }
    if (req.method === 'POST' && path === '/v1/plans') {
      const input = (body ?? {}) as Partial<TFakePlan>;
      if (!input.item?.amount || input.period !== 'monthly') {
        return send(res, 400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The period or amount is invalid' },
        });
      }
      const plan: TFakePlan = {
        id: `plan_${randomBytes(7).toString('hex')}`,
        period: input.period,
        interval: Number(input.interval ?? 1),
        item: { name: String(input.item.name), amount: Number(input.item.amount), currency: 'INR' },
      };
      plans.set(plan.id, plan);
      return send(res, 200, { ...plan, entity: 'plan' });
    }
    if (req.method === 'POST' && path === '/v1/subscriptions') {
      const input = (body ?? {}) as {
        plan_id?: string;
        total_count?: number;
        notes?: Record<string, string>;
      };
      if (!input.plan_id || !plans.has(input.plan_id)) {
        return send(res, 400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
        });
      }
      const subscription: TFakeSubscription = {
        id: `sub_${randomBytes(7).toString('hex')}`,
        plan_id: input.plan_id,
        total_count: Number(input.total_count ?? 1),
        status: 'created',
        notes: input.notes ?? {},
      };
      subscriptions.set(subscription.id, subscription);
      return send(res, 200, { ...subscription, entity: 'subscription', short_url: 'https://rzp.io/i/x' });
    }
    const cancelMatch = /^\/v1\/subscriptions\/([^/?]+)\/cancel$/.exec(path);
    if (req.method === 'POST' && cancelMatch) {
      const subscription = subscriptions.get(decodeURIComponent(cancelMatch[1]!));
      if (!subscription) {
        return send(res, 400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
        });
      }
      subscription.status = 'cancelled';
      return send(res, 200, { ...subscription, entity: 'subscription' });
    }
    const refundMatch = /^\/v1\/payments\/([^/?]+)\/(refund|refunds)$/.exec(path);
    if (refundMatch) {
      const paymentId = decodeURIComponent(refundMatch[1]!);
      const amount = paymentAmounts.get(paymentId);
      if (amount === undefined) {
        return send(res, 400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
        });
      }
      const made = refunds.get(paymentId) ?? [];
      if (req.method === 'GET' && refundMatch[2] === 'refunds') {
        return send(res, 200, { entity: 'collection', count: made.length, items: made });
      }
      if (req.method === 'POST' && refundMatch[2] === 'refund') {
        const input = (body ?? {}) as { amount?: number; receipt?: string; notes?: Record<string, string> };
        const asked = Number(input.amount ?? amount);
        const refunded = made.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
        if (refunded + asked > amount) {
          return send(res, 400, {
            error: {
              code: 'BAD_REQUEST_ERROR',
              description: 'The total refund amount is greater than the refund payment amount',
            },
          });
        }
        const refund: TFakeRefund = {
          id: `rfnd_${randomBytes(7).toString('hex')}`,
          entity: 'refund',
          amount: asked,
          currency: 'INR',
          payment_id: paymentId,
          receipt: input.receipt ?? null,
          notes: input.notes ?? {},
          status: 'processed',
        };
        refunds.set(paymentId, [...made, refund]);
        return send(res, 200, refund);
      }
    }
    const match = /^\/v1\/orders\/([^/?]+)\/payments$/.exec(path);
    if (req.method === 'GET' && match) {
      const orderId = decodeURIComponent(match[1]!);
      if (!orders.has(orderId)) {
        return send(res, 400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
        });
      }
      const items = (payments.get(orderId) ?? []).map((p) => ({
        entity: 'payment',
        order_id: orderId,
        amount: orders.get(orderId)!.amount,
        currency: 'INR',
        method: p.method ?? 'upi',
        error_description: p.error_description ?? null,
        ...p,
      }));
      return send(res, 200, { entity: 'collection', count: items.length, items });
    }
    return send(res, 404, {
      error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found' },
    });
  });

  return withLiveState<TFakeRazorpay, 'mode'>(
    {
      url: server.url,
      requests,
      orders,
      setOrderPayments(orderId, list) {
        payments.set(orderId, list);
        for (const p of list) paymentAmounts.set(p.id, orders.get(orderId)?.amount ?? 0);
      },
      refunds,
      plans,
      subscriptions,
      reset() {
        requests.length = 0;
        state.mode = 'ok';
      },
      close: server.close,
    },
    state,
    ['mode'],
  );
}

/** What Razorpay Checkout hands the browser: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function signCheckout(secret: string, orderId: string, paymentId: string): string {
  return createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');
}

/** X-Razorpay-Signature of a webhook: HMAC-SHA256 of the raw body with the webhook secret. */
export function signWebhook(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** A Razorpay webhook body for a payment event on an order. */
export function webhookBody(
  event: 'payment.captured' | 'order.paid' | 'payment.failed',
  payment: { id: string; orderId: string; amount: number; method?: string; errorDescription?: string },
): string {
  const entity = {
    id: payment.id,
    entity: 'payment',
    amount: payment.amount,
    currency: 'INR',
    status: event === 'payment.failed' ? 'failed' : 'captured',
    order_id: payment.orderId,
    method: payment.method ?? 'upi',
    error_description: payment.errorDescription ?? null,
  };
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
    payload: {
      payment: { entity },
      ...(event === 'order.paid' ? { order: { entity: { id: payment.orderId, status: 'paid' } } } : {}),
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}

/** A Razorpay webhook body for a refund event. */
export function refundWebhookBody(event: 'refund.processed' | 'refund.failed', refund: TFakeRefund): string {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: ['refund', 'payment'],
    payload: {
      refund: { entity: { ...refund, status: event === 'refund.failed' ? 'failed' : 'processed' } },
      payment: {
        entity: { id: refund.payment_id, entity: 'payment', amount: refund.amount, status: 'captured' },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}

/** A Razorpay webhook body for a subscription event; `charged` carries the month's payment. */
export function subscriptionWebhookBody(
  event:
    | 'subscription.authenticated'
    | 'subscription.activated'
    | 'subscription.charged'
    | 'subscription.pending'
    | 'subscription.halted'
    | 'subscription.cancelled',
  subscription: { id: string; planId?: string },
  payment?: { id: string; orderId: string; amount: number; method?: string },
): string {
  const status = event
    .replace('subscription.', '')
    .replace('charged', 'active')
    .replace('activated', 'active');
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: payment ? ['subscription', 'payment'] : ['subscription'],
    payload: {
      subscription: {
        entity: {
          id: subscription.id,
          entity: 'subscription',
          plan_id: subscription.planId ?? 'plan_x',
          status,
        },
      },
      ...(payment
        ? {
            payment: {
              entity: {
                id: payment.id,
                entity: 'payment',
                amount: payment.amount,
                currency: 'INR',
                status: 'captured',
                order_id: payment.orderId,
                method: payment.method ?? 'upi',
              },
            },
          }
        : {}),
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}
