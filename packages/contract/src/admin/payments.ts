import { z } from 'zod';
import { ZIsoDate } from '../dto.ts';
import { pageAnswer, ZPageQuery } from '../list-query.ts';
import { ZOwnerPlanPayment } from '../owner/plan.ts';
import { countsOf } from '../schema-helpers.ts';

/** Payments management (spec section 3): Razorpay payments, newest first, with status counts. */

/** Search covers the order and payment ids and the owner's name, business, code, phone and email. */
export const ZAdminPaymentsQuery = ZPageQuery;
export type TAdminPaymentsQuery = z.infer<typeof ZAdminPaymentsQuery>;

/** The payment fields an owner sees too (amount in paise). */
const { plan, purpose, amount, status, paymentMethod } = ZOwnerPlanPayment.shape;

export const ZAdminPayment = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  user: z.object({
    name: z.string(),
    businessName: z.string(),
    code: z.string(),
    contactNumber: z.string(),
  }),
  plan,
  purpose,
  amount,
  status,
  paymentMethod,
  razorpayOrderId: z.string().nullable(),
  razorpayPaymentId: z.string().nullable(),
  /** Cut to LIMITS.signatureDisplayChars: the whole signature never leaves the server. */
  razorpaySignature: z.string().nullable(),
  createdAt: ZIsoDate,
  /**
   * Captured for a registration whose phone or code was taken by then: applied to nobody, and not
   * refunded yet (admin.payments.refund refunds it).
   */
  needsRefund: z.boolean(),
  /** When such a payment was refunded through the provider; null otherwise. */
  refundedAt: ZIsoDate.nullable(),
});
export type TAdminPayment = z.infer<typeof ZAdminPayment>;

export const ZAdminPaymentsResponse = pageAnswer('payments', ZAdminPayment, {
  /** Paise, captured payments only, all time. */
  totalRevenue: z.number().int(),
  paymentStatusCounts: countsOf(['pending', 'failed', 'captured']),
});
export type TAdminPaymentsResponse = z.infer<typeof ZAdminPaymentsResponse>;

export const ADMIN_PAYMENT_TEXTS = {
  paymentNotFound: 'Payment not found',
  notRefundable: 'Only a captured payment that was applied to nobody can be refunded here.',
  alreadyRefunded: 'This payment has already been refunded.',
  refunded: 'Refund made. The money goes back to the payer in 5-7 working days.',
  providerRefused: 'The payment provider refused the refund:',
} as const;

/** POST /api/admin/payments/{id}/refund: the whole amount back to the payer, once. */
export const ZAdminPaymentRefundResult = z.object({
  success: z.literal(true),
  message: z.string(),
  refundId: z.string(),
  refundedAt: ZIsoDate,
});
export type TAdminPaymentRefundResult = z.infer<typeof ZAdminPaymentRefundResult>;
