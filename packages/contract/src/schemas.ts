import { z } from 'zod';
import { LEAD_SUBJECTS, LIMITS } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { EMAIL_PATTERN, HTTP_URL_PATTERN, INDIAN_MOBILE_PATTERN, PHONE_10_PATTERN } from './patterns.ts';
import {
  businessCode,
  cappedText,
  password,
  required,
  TEXT_LIMITS,
  wholeNumberInput,
} from './schema-helpers.ts';

export const ZBusinessCode = businessCode(
  MESSAGES.registration.codeRequired,
  MESSAGES.registration.codeInvalid,
);

export const ZOwnerLogin = z.object({
  contactNumber: required(MESSAGES.ownerLogin.phoneRequired).regex(
    PHONE_10_PATTERN,
    MESSAGES.ownerLogin.phoneInvalid,
  ),
  password: password(MESSAGES.ownerLogin),
});
export type TOwnerLogin = z.infer<typeof ZOwnerLogin>;

export const ZAdminLogin = z.object({
  email: required(MESSAGES.adminLogin.emailRequired, TEXT_LIMITS.email)
    .toLowerCase()
    .regex(EMAIL_PATTERN, MESSAGES.adminLogin.emailInvalid),
  password: password(MESSAGES.adminLogin),
});
export type TAdminLogin = z.infer<typeof ZAdminLogin>;

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

const f = MESSAGES.feedback;
export const ZReviewSubmit = z
  .object({
    code: ZBusinessCode,
    rating: wholeNumberInput(
      z
        .number({ message: f.ratingInvalid })
        .int(f.ratingInvalid)
        .min(1, f.ratingInvalid)
        .max(5, f.ratingInvalid),
    ),
    message: cappedText(TEXT_LIMITS.long).trim().max(LIMITS.feedbackMax, f.messageMax).default(''),
    /** Optional phone or email so the business can reply. */
    customerContact: z
      .string()
      .max(200, { message: f.contactInvalid, abort: true })
      .trim()
      .refine(
        (v) => v === '' || EMAIL_PATTERN.test(v) || INDIAN_MOBILE_PATTERN.test(v.replace(/[\s-]/g, '')),
        f.contactInvalid,
      )
      .optional(),
    deviceId: z.string().trim().max(64).optional(),
    /** The placement key of the QR code scanned (`?p=`); unknown or foreign keys count for Default. */
    placement: z.string().max(64).optional(),
  })
  .refine((v) => v.rating > 3 || v.message.length > 0, { message: f.messageRequired, path: ['message'] });
export type TReviewSubmit = z.infer<typeof ZReviewSubmit>;

const c = MESSAGES.contact;
export const LEAD_HONEYPOT_FIELD = 'website';
export const ZLeadCreate = z.object({
  name: required(c.nameRequired),
  email: required(c.emailRequired, TEXT_LIMITS.email).regex(EMAIL_PATTERN, c.emailInvalid),
  contactNumber: z.string().trim().max(20).optional().default(''),
  bussiness: z.string().trim().max(200).optional().default(''),
  subject: z.enum(LEAD_SUBJECTS.map((s) => s.value) as [string, ...string[]], { message: c.subjectRequired }),
  message: required(c.messageRequired, TEXT_LIMITS.long).max(
    LIMITS.leadMessageMax,
    MESSAGES.leadEdit.messageMax,
  ),
  /** Sent by the original client; ignored: a website lead is always source 'website', status 'new'. */
  source: z.unknown().optional(),
  status: z.unknown().optional(),
  /** Honeypot: a field people never see. When it is filled the lead is accepted silently and discarded. */
  [LEAD_HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type TLeadCreate = z.infer<typeof ZLeadCreate>;
