import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { EMAIL_PATTERN, HTTP_URL_PATTERN, PHONE_10_PATTERN } from '../patterns.ts';
import { businessCode, password, required, TEXT_LIMITS } from '../schema-helpers.ts';

/**
 * Registration: the /register form, whose user data payments.initiate takes, and the business
 * code it chooses (public.businessCode.check says whether one is free; the review page is found by it).
 */

export const ZBusinessCode = businessCode(
  MESSAGES.registration.codeRequired,
  MESSAGES.registration.codeInvalid,
);

const m = MESSAGES.registration;
/** userData of POST /api/payments/initiate: every registration field except terms and plan. */
export const ZRegistrationUserData = z.object({
  name: required(m.nameRequired).min(LIMITS.registrationNameMin, m.nameMin),
  email: required(m.emailRequired, TEXT_LIMITS.email).toLowerCase().regex(EMAIL_PATTERN, m.emailInvalid),
  phone: required(m.phoneRequired).regex(PHONE_10_PATTERN, m.phoneInvalid),
  businessName: required(m.businessNameRequired),
  code: ZBusinessCode,
  businessUrl: required(m.businessUrlRequired, TEXT_LIMITS.url).regex(HTTP_URL_PATTERN, m.businessUrlInvalid),
  salesGuy: required(m.salesRepRequired),
  state: required(m.stateRequired),
  city: required(m.cityRequired),
  password: password(m),
});
export type TRegistrationUserData = z.infer<typeof ZRegistrationUserData>;

/** The whole /register form (client side): user data plus plan, terms and password confirmation. */
export const ZRegistrationForm = ZRegistrationUserData.extend({
  confirmPassword: z.string(),
  plan: required(m.planRequired),
  terms: z.literal(true, { message: m.termsRequired }),
}).refine((v) => v.password === v.confirmPassword, {
  message: m.passwordMismatch,
  path: ['confirmPassword'],
});
export type TRegistrationForm = z.infer<typeof ZRegistrationForm>;

/** The answer of public.businessCode.check. */
export const ZBusinessCodeCheck = z.object({ available: z.boolean(), message: z.string() });
