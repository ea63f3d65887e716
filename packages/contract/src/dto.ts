import { z } from 'zod';
import { OWNER_STATUSES, REGISTRATION_SOURCES, REVIEW_FLOWS } from './constants.ts';
import { PLAN_KEYS } from './plans.ts';
import { OWNER_IDENTITY_FIELDS } from './schema-helpers.ts';

/** Dates travel as ISO-8601 strings on both tRPC and REST. */
export const ZIsoDate = z.string();

/** The signed-in owner as the owner sees it (GET /api/users/me, login). Never the password hash. */
export const ZOwnerUser = z.object({
  ...OWNER_IDENTITY_FIELDS,
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

/** `{ success: true, message }`: the answer of every action that only confirms (delete, queue, reset). */
export const ZMessageResult = ZSuccess.extend({ message: z.string() });
export type TMessageResult = z.infer<typeof ZMessageResult>;

/** `{ success: true, message, id }`: an action that confirms and names what it created. */
export const ZCreatedResult = ZMessageResult.extend({ id: z.number().int() });
export type TCreatedResult = z.infer<typeof ZCreatedResult>;
