/**
 * The payment gateway behind one small interface, for registration and for the owner's renewals
 * and upgrades: `openCheckout(order, prefill)` opens Razorpay Checkout (loaded on demand) or, when
 * the server runs its built-in test gateway (`order.testMode`), a clearly labelled "Test payment"
 * dialog that behaves like Razorpay's callbacks. Tests stub this module.
 */
import { createTrpcClient, type TTrpcClient } from '../../lib/trpc.ts';

/** An order from payments.initiate or owner.plan.createOrder. */
export interface TCheckoutOrder {
  orderId: string;
  /** Paise. */
  amount: number;
  currency?: string;
  /** Razorpay key id (public). */
  keyId: string;
  /** The server's test gateway instead of Razorpay. */
  testMode?: boolean;
  /** GST on the amount (paise) and what checkout charges (amount + tax); the split by tax. */
  tax?: number;
  total?: number;
  gst?: { cgst: number; sgst: number; igst: number };
  /** AutoPay: checkout authorises this Razorpay subscription (UPI AutoPay or a card e-mandate) instead of paying an order. */
  subscriptionId?: string;
}

/** Who pays: shown pre-filled in the checkout; notes travel with the order (e.g. businessName, code). */
export interface TCheckoutPrefill {
  name: string;
  email?: string;
  contact: string;
  notes?: Record<string, string>;
}

/** What Razorpay hands to its success callback; payments.verify takes exactly this. */
export interface TCheckoutResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export type TCheckoutResult =
  | { status: 'success'; response: TCheckoutResponse }
  | { status: 'cancelled' }
  | { status: 'failed'; description?: string };

/** Spec section 8, verbatim. */
export const GATEWAY_LOAD_ERROR = 'Failed to load payment gateway. Please refresh and try again.';
export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
const MERCHANT_NAME = 'StarLoop';
/** The app's primary colour, for Razorpay's header. */
const THEME_COLOR = '#4f46e5';

/** openCheckout rejects with this when Razorpay's script cannot be loaded. */
export class PaymentGatewayLoadError extends Error {
  constructor() {
    super(GATEWAY_LOAD_ERROR);
    this.name = 'PaymentGatewayLoadError';
  }
}

/** payments.testGateway.complete: success gives the razorpay_* fields, failure the gateway's error. */
export type TCompleteTestPayment = (input: {
  orderId: string;
  outcome: 'success' | 'failure';
}) => Promise<TCheckoutResponse | { error: { description: string } }>;

export interface TOpenCheckoutOptions {
  /** How the test dialog reaches the server; default: a tRPC client of its own on /trpc. */
  completeTestPayment?: TCompleteTestPayment;
}

/* ---------------------------------------------------------------- Razorpay Checkout ---- */

interface TRazorpayFailure {
  error?: { description?: string };
}

interface TRazorpayInstance {
  open(): void;
  close?: () => void;
  on(event: 'payment.failed', handler: (event: TRazorpayFailure) => void): void;
}

type TRazorpayConstructor = new (options: Record<string, unknown>) => TRazorpayInstance;

declare global {
  interface Window {
    Razorpay?: TRazorpayConstructor;
  }
}

let razorpayLoading: Promise<TRazorpayConstructor> | undefined;

/** Adds Razorpay's checkout.js once (on first use); a failed load may be retried later. */
export function loadRazorpay(): Promise<TRazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  razorpayLoading ??= new Promise<TRazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_CHECKOUT_URL;
    script.async = true;
    const fail = () => {
      script.remove();
      razorpayLoading = undefined;
      reject(new PaymentGatewayLoadError());
    };
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : fail());
    script.onerror = fail;
    document.head.appendChild(script);
  });
  return razorpayLoading;
}

async function openRazorpay(order: TCheckoutOrder, prefill: TCheckoutPrefill): Promise<TCheckoutResult> {
  const Razorpay = await loadRazorpay();
  // The checkout's first answer (paid, dismissed, failed) is the result: a promise settles once.
  return new Promise<TCheckoutResult>((settle) => {
    const checkout = new Razorpay({
      key: order.keyId,
      ...(order.subscriptionId
        ? { subscription_id: order.subscriptionId }
        : { order_id: order.orderId, amount: order.total ?? order.amount }),
      currency: 'INR',
      name: MERCHANT_NAME,
      prefill: { name: prefill.name, email: prefill.email ?? '', contact: prefill.contact },
      notes: prefill.notes ?? {},
      theme: { color: THEME_COLOR },
      handler: (response: TCheckoutResponse) =>
        settle({
          status: 'success',
          response: {
            razorpay_order_id: response.razorpay_order_id,
            razorpay_payment_id: response.razorpay_payment_id,
            razorpay_signature: response.razorpay_signature,
          },
        }),
      modal: { ondismiss: () => settle({ status: 'cancelled' }) },
    });
    checkout.on('payment.failed', (event) => {
      const description = event?.error?.description;
      settle(description ? { status: 'failed', description } : { status: 'failed' });
      // One answer per checkout: close Razorpay's window rather than let it retry behind our back.
      try {
        checkout.close?.();
      } catch {
        // Already closed.
      }
    });
    checkout.open();
  });
}

/* ------------------------------------------------------------------- test gateway ------ */

let testClient: TTrpcClient | undefined;

/** Used when the caller passes no completeTestPayment (e.g. outside a React tree). */
const defaultCompleteTestPayment: TCompleteTestPayment = (input) => {
  testClient ??= createTrpcClient();
  return testClient.payments.testGateway.complete.mutate(input);
};

async function openTestCheckout(
  order: TCheckoutOrder,
  prefill: TCheckoutPrefill,
  complete: TCompleteTestPayment,
): Promise<TCheckoutResult> {
  const { showTestPaymentDialog } = await import('./test-payment-dialog.tsx');
  return showTestPaymentDialog({ order, prefill, complete });
}

/**
 * Opens the checkout for an order and settles once: 'success' with the fields payments.verify
 * takes, 'cancelled' when the customer closes it, 'failed' with the gateway's description.
 * Rejects with PaymentGatewayLoadError (message GATEWAY_LOAD_ERROR) when Razorpay cannot load.
 */
export function openCheckout(
  order: TCheckoutOrder,
  prefill: TCheckoutPrefill,
  options: TOpenCheckoutOptions = {},
): Promise<TCheckoutResult> {
  if (order.testMode) {
    return openTestCheckout(order, prefill, options.completeTestPayment ?? defaultCompleteTestPayment);
  }
  return openRazorpay(order, prefill);
}
