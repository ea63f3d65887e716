import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { ZOwnerUser } from '../owner/auth.ts';
import { PHONE_10_PATTERN } from '../patterns.ts';
import { password } from '../schema-helpers.ts';
import { PUBLIC_TEXTS } from './common.ts';

/** An owner's password by link (public.password): asking for a reset, setting it with the token. */

export const ZPasswordResetRequest = z.object({
  contactNumber: z
    .string({ message: MESSAGES.ownerLogin.phoneRequired })
    .trim()
    .min(1, MESSAGES.ownerLogin.phoneRequired)
    .regex(PHONE_10_PATTERN, MESSAGES.ownerLogin.phoneInvalid),
});

export const ZPasswordSet = z.object({
  token: z
    .string()
    .max(512, { message: PUBLIC_TEXTS.tokenInvalid, abort: true })
    .trim()
    .min(10, PUBLIC_TEXTS.tokenInvalid),
  password: password(MESSAGES.registration),
});
export const ZPasswordSetResult = z.object({ token: z.string(), user: ZOwnerUser, message: z.string() });
