import { z } from 'zod';
import { OWNER_STATUSES, REGISTRATION_SOURCES, REVIEW_FLOWS } from '../constants.ts';
import { ZIsoDate } from '../dto.ts';
import { MESSAGES } from '../messages.ts';
import { PHONE_10_PATTERN } from '../patterns.ts';
import { PLAN_KEYS } from '../plans.ts';
import { OWNER_IDENTITY_FIELDS, password, required } from '../schema-helpers.ts';

/**
 * The owner's sign-in (owner.login, owner.logout, owner.me; the server's owner/auth): phone and
 * password, and the owner it answers with.
 */

export const ZOwnerLogin = z.object({
  contactNumber: required(MESSAGES.ownerLogin.phoneRequired).regex(
    PHONE_10_PATTERN,
    MESSAGES.ownerLogin.phoneInvalid,
  ),
  password: password(MESSAGES.ownerLogin),
});
export type TOwnerLogin = z.infer<typeof ZOwnerLogin>;

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
