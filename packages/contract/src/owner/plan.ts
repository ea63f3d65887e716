import { z } from 'zod';
import { OWNER_STATUSES, PAYMENT_PURPOSES, PAYMENT_STATUSES } from '../constants.ts';
import { ZIsoDate } from '../dto.ts';
import { MESSAGES } from '../messages.ts';
import { ZAutopayState } from '../payments.ts';
import { PLAN_KEYS } from '../plans.ts';

/** The owner's plan (owner.plan): the subscription, its payments, and an order to renew or upgrade. */

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
  /** Recorded by an admin (onboarding: cash, cheque, bank transfer, UPI) rather than paid online. */
  manual: z.boolean().optional(),
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
  /** Automatic renewal through Razorpay Subscriptions; null when off. */
  autopay: ZAutopayState.nullable().optional(),
  /** This month's review requests against the plan's (added with review requests). */
  requests: z.object({ month: z.string(), used: z.number().int(), limit: z.number().int() }).optional(),
});
export type TOwnerPlan = z.infer<typeof ZOwnerPlan>;
