import { z } from 'zod';
import { LEAD_SOURCES, LEAD_STATUSES, LEAD_SUBJECTS, LIMITS, MANUAL_PAYMENT_METHODS } from './constants.ts';
import { MESSAGES } from './messages.ts';

const required = (message: string) => z.string({ message }).trim().min(1, message);

/** Basic email shape: text@text.text with no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_10_PATTERN = /^\d{10}$/;
/** Indian mobile: 6-9 then 9 digits, optionally +91 (spec section 5, Create Agent). */
export const INDIAN_MOBILE_PATTERN = /^(\+91)?[6-9]\d{9}$/;
export const BUSINESS_CODE_PATTERN = /^[a-z0-9-]{3,32}$/;
export const HTTP_URL_PATTERN = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

export const isHttpUrl = (value: string) => HTTP_URL_PATTERN.test(value.trim());

export const ZBusinessCode = z
  .string({ message: MESSAGES.registration.codeRequired })
  .trim()
  .toLowerCase()
  .min(1, MESSAGES.registration.codeRequired)
  .regex(BUSINESS_CODE_PATTERN, MESSAGES.registration.codeInvalid);

export const ZOwnerLogin = z.object({
  contactNumber: required(MESSAGES.ownerLogin.phoneRequired).regex(
    PHONE_10_PATTERN,
    MESSAGES.ownerLogin.phoneInvalid,
  ),
  password: z
    .string({ message: MESSAGES.ownerLogin.passwordRequired })
    .min(1, MESSAGES.ownerLogin.passwordRequired)
    .min(LIMITS.passwordMin, MESSAGES.ownerLogin.passwordMin),
});
export type TOwnerLogin = z.infer<typeof ZOwnerLogin>;

export const ZAdminLogin = z.object({
  email: required(MESSAGES.adminLogin.emailRequired)
    .toLowerCase()
    .regex(EMAIL_PATTERN, MESSAGES.adminLogin.emailInvalid),
  password: z
    .string({ message: MESSAGES.adminLogin.passwordRequired })
    .min(1, MESSAGES.adminLogin.passwordRequired)
    .min(LIMITS.passwordMin, MESSAGES.adminLogin.passwordMin),
});
export type TAdminLogin = z.infer<typeof ZAdminLogin>;

const m = MESSAGES.registration;
/** userData of POST /api/payments/initiate: every registration field except terms and plan. */
export const ZRegistrationUserData = z.object({
  name: required(m.nameRequired).min(LIMITS.registrationNameMin, m.nameMin),
  email: required(m.emailRequired).toLowerCase().regex(EMAIL_PATTERN, m.emailInvalid),
  phone: required(m.phoneRequired).regex(PHONE_10_PATTERN, m.phoneInvalid),
  businessName: required(m.businessNameRequired),
  code: ZBusinessCode,
  businessUrl: required(m.businessUrlRequired).regex(HTTP_URL_PATTERN, m.businessUrlInvalid),
  salesGuy: required(m.salesRepRequired),
  state: required(m.stateRequired),
  city: required(m.cityRequired),
  password: z
    .string({ message: m.passwordRequired })
    .min(1, m.passwordRequired)
    .min(LIMITS.passwordMin, m.passwordMin),
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
    rating: z.coerce
      .number({ message: f.ratingInvalid })
      .int(f.ratingInvalid)
      .min(1, f.ratingInvalid)
      .max(5, f.ratingInvalid),
    message: z.string().trim().max(LIMITS.feedbackMax, f.messageMax).default(''),
    /** Optional phone or email so the business can reply. */
    customerContact: z
      .string()
      .trim()
      .max(200, f.contactInvalid)
      .refine(
        (v) => v === '' || EMAIL_PATTERN.test(v) || INDIAN_MOBILE_PATTERN.test(v.replace(/[\s-]/g, '')),
        f.contactInvalid,
      )
      .optional(),
    deviceId: z.string().trim().max(64).optional(),
  })
  .refine((v) => v.rating > 3 || v.message.length > 0, { message: f.messageRequired, path: ['message'] });
export type TReviewSubmit = z.infer<typeof ZReviewSubmit>;

const c = MESSAGES.contact;
export const LEAD_HONEYPOT_FIELD = 'website';
export const ZLeadCreate = z.object({
  name: required(c.nameRequired),
  email: required(c.emailRequired).regex(EMAIL_PATTERN, c.emailInvalid),
  contactNumber: z.string().trim().max(20).optional().default(''),
  bussiness: z.string().trim().max(200).optional().default(''),
  subject: z.enum(LEAD_SUBJECTS.map((s) => s.value) as [string, ...string[]], { message: c.subjectRequired }),
  message: required(c.messageRequired).max(LIMITS.leadMessageMax, MESSAGES.leadEdit.messageMax),
  /** Sent by the original client; ignored: a website lead is always source 'website', status 'new'. */
  source: z.unknown().optional(),
  status: z.unknown().optional(),
  /** Honeypot: a field people never see. When it is filled the lead is accepted silently and discarded. */
  [LEAD_HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type TLeadCreate = z.infer<typeof ZLeadCreate>;

const le = MESSAGES.leadEdit;
export const ZLeadUpdate = z.object({
  name: required(le.nameRequired),
  email: required(le.emailRequired).regex(EMAIL_PATTERN, le.emailInvalid),
  contactNumber: required(le.contactNumberRequired),
  bussiness: z.string().trim().max(200).optional().default(''),
  subject: required(le.subjectRequired),
  message: required(le.messageRequired).max(LIMITS.leadMessageMax, le.messageMax),
  source: z.enum(LEAD_SOURCES),
  status: z.enum(LEAD_STATUSES),
});
export type TLeadUpdate = z.infer<typeof ZLeadUpdate>;

const a = MESSAGES.createAgent;
/** Normalisation of spec section 5: name trimmed, spaces removed from phone, email trimmed and lower-cased. */
export const ZAgentCreate = z.object({
  name: z
    .string({ message: a.nameRequired })
    .trim()
    .min(1, a.nameRequired)
    .min(LIMITS.agentNameMin, a.nameMin),
  phone: z
    .string({ message: a.phoneRequired })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().min(1, a.phoneRequired).regex(INDIAN_MOBILE_PATTERN, a.phoneInvalid)),
  email: z
    .string({ message: a.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, a.emailRequired)
    .regex(EMAIL_PATTERN, a.emailInvalid),
});
export type TAgentCreate = z.infer<typeof ZAgentCreate>;

const oc = MESSAGES.onboardingCustomer;
export const ZOnboardingBranch = z.object({
  name: required(oc.nameRequired),
  contactNumber: z.string({ message: oc.phoneInvalid }).trim().regex(PHONE_10_PATTERN, oc.phoneInvalid),
  businessName: required(oc.businessNameRequired),
  code: z
    .string({ message: oc.codeRequired })
    .trim()
    .toLowerCase()
    .min(1, oc.codeRequired)
    .regex(BUSINESS_CODE_PATTERN, MESSAGES.registration.codeInvalid),
  reviewLink: z
    .string({ message: oc.reviewLinkInvalid })
    .trim()
    .regex(HTTP_URL_PATTERN, oc.reviewLinkInvalid),
  state: required(oc.stateRequired),
  city: required(oc.cityRequired),
  subscriptionDuration: z.coerce
    .number({ message: oc.durationRequired })
    .refine((v) => v === 1 || v === 2, oc.durationRequired),
  agentId: z.number().int().positive().nullable().optional(),
});
export type TOnboardingBranch = z.infer<typeof ZOnboardingBranch>;

const op = MESSAGES.onboardingPayment;
export const ZOnboardingPayment = z.object({
  amount: z.coerce.number({ message: op.amountInvalid }).finite(op.amountInvalid).min(0, op.amountPositive),
  paymentMethod: z.enum(MANUAL_PAYMENT_METHODS, { message: op.methodRequired }),
  email: required(op.emailRequired).toLowerCase().regex(EMAIL_PATTERN, op.emailInvalid),
  notes: required(op.pricingNotesRequired),
});
export type TOnboardingPayment = z.infer<typeof ZOnboardingPayment>;

export const ZOnboarding = z.object({
  branches: z
    .array(ZOnboardingBranch)
    .min(LIMITS.customersPerOnboardingMin)
    .max(LIMITS.customersPerOnboardingMax),
  payment: ZOnboardingPayment,
});
export type TOnboarding = z.infer<typeof ZOnboarding>;

/** Pagination meta of spec section 3. */
export const ZPageMeta = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
});
export type TPageMeta = z.infer<typeof ZPageMeta>;

export function pageMeta(total: number, page: number, limit: number): TPageMeta {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { total, page, limit, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 };
}

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;
