import { z } from 'zod';
import { OWNER_STATUSES, REGISTRATION_SOURCES, REVIEW_FLOWS } from './constants.ts';
import { PLAN_KEYS } from './plans.ts';

/** Dates travel as ISO-8601 strings on both tRPC and REST. */
export const ZIsoDate = z.string();

/** The signed-in owner as the owner sees it (GET /api/users/me, login). Never the password hash. */
export const ZOwnerUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  businessName: z.string(),
  contactNumber: z.string(),
  code: z.string(),
  reviewLink: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  plan: z.enum(PLAN_KEYS),
  status: z.enum(OWNER_STATUSES),
  registrationSource: z.enum(REGISTRATION_SOURCES),
  reviewFlow: z.enum(REVIEW_FLOWS),
  subscriptionStart: ZIsoDate.nullable(),
  subscriptionEnd: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
});
export type TOwnerUser = z.infer<typeof ZOwnerUser>;

export const ZOwnerLoginResponse = z.object({ token: z.string(), user: ZOwnerUser, message: z.string() });
export type TOwnerLoginResponse = z.infer<typeof ZOwnerLoginResponse>;

export const ZAdminLoginResponse = z.object({ token: z.string(), message: z.string() });
export type TAdminLoginResponse = z.infer<typeof ZAdminLoginResponse>;

export const ZSuccess = z.object({ success: z.literal(true) });
