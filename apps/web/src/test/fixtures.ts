/** Test data more than one area's tests use. */

/** A payment order as payments.initiate and owner.plan.createOrder answer it. */
export const PAYMENT_ORDER = {
  orderId: 'order_123',
  amount: 199900,
  currency: 'INR',
  keyId: 'rzp_test_key',
  testMode: false,
};
