import { z } from 'zod';
import { MANUAL_PAYMENT_METHODS } from '../constants.ts';
import { ZIsoDate } from '../dto.ts';
import { ZPageMeta, ZPageQuery } from '../list-query.ts';
import { optionalChoice } from '../schema-helpers.ts';
import { ZSortOrderParam } from './common.ts';

/** Manual payments (spec section 3): cash, cheque and transfer payments, in whole rupees. */

export const ADMIN_MANUAL_PAYMENT_SORTS = ['id', 'amount', 'paymentMethod', 'createdAt'] as const;
/** Search covers notes, email, method and the linked owners' name, business, code, phone and email. */
export const ZAdminManualPaymentsQuery = ZPageQuery.extend({
  sortBy: optionalChoice(
    ADMIN_MANUAL_PAYMENT_SORTS,
    'sortBy must be id, amount, paymentMethod or createdAt',
  ).transform((v) => v ?? 'createdAt'),
  sortOrder: ZSortOrderParam,
});
export type TAdminManualPaymentsQuery = z.infer<typeof ZAdminManualPaymentsQuery>;

export const ZAdminManualPayment = z.object({
  id: z.number().int(),
  /** Whole rupees. */
  amount: z.number(),
  paymentMethod: z.string(),
  status: z.string(),
  notes: z.string().nullable(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
  users: z.array(
    z.object({
      user: z.object({
        id: z.number().int(),
        name: z.string(),
        businessName: z.string(),
        contactNumber: z.string(),
      }),
    }),
  ),
});
export type TAdminManualPayment = z.infer<typeof ZAdminManualPayment>;

export const ZAdminManualPaymentsResponse = z.object({
  success: z.literal(true),
  payments: z.array(ZAdminManualPayment),
  /** Whole rupees, all manual payments. */
  totalRevenue: z.number(),
  /** Every method, zero counts included. */
  paymentMethodCounts: z.array(
    z.object({ paymentMethod: z.enum(MANUAL_PAYMENT_METHODS), count: z.number().int() }),
  ),
  meta: ZPageMeta,
});
export type TAdminManualPaymentsResponse = z.infer<typeof ZAdminManualPaymentsResponse>;
