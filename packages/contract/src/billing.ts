import { z } from 'zod';
import { ZIsoDate } from './dto.ts';
import { GST_STATE_CODES, GSTIN_MESSAGES, gstinProblem, normalizeGstin } from './rules/gst.ts';
import { SERIES_PREFIX_PATTERN } from './rules/invoice-numbers.ts';
import { required } from './schema-helpers.ts';

/**
 * Who bills whom (issue 32): the operator's billing profile (super admin,
 * `GET`/`PUT /api/admin/billing-profile`) and an account's billing details
 * (`GET`/`PUT /api/v1/account/billing`, asked at registration and on the Plan page).
 */

export const BILLING_TEXTS = {
  legalNameRequired: 'Legal name is required',
  addressRequired: 'Billing address is required',
  stateRequired: 'State is required',
  stateInvalid: 'Choose a state of India',
  panInvalid: 'Enter a valid PAN, e.g. AAPFU0939F',
  panNotGstin: 'The PAN must be the one inside the GSTIN (its characters 3 to 12)',
  sacInvalid: 'The SAC code has 6 digits',
  seriesInvalid: 'Up to 4 characters: capital letters, digits and -',
  profileSaved: 'Billing profile saved.',
  billingSaved: 'Billing details saved.',
} as const;

/** A state or union territory by its name, any case (the names the GST codes are kept under). */
const STATE_NAMES = new Map(Object.keys(GST_STATE_CODES).map((name) => [name.toLowerCase(), name]));
const stateNamed = (name: string) => STATE_NAMES.get(name.replace(/\s+/g, ' ').toLowerCase());

const ZState = required(BILLING_TEXTS.stateRequired, 80)
  .refine((name) => stateNamed(name) !== undefined, BILLING_TEXTS.stateInvalid)
  .transform((name) => stateNamed(name)!);

const ZGstin = z.string().max(40).transform(normalizeGstin);

/** A GSTIN's problems as field messages, checked against the state chosen beside it. */
function checkGstin(value: { gstin?: string | null; state: string }, ctx: z.RefinementCtx) {
  if (!value.gstin) return;
  const problem = gstinProblem(value.gstin, value.state);
  if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: GSTIN_MESSAGES[problem] });
}

/** PUT /api/admin/billing-profile. */
export const ZBillingProfileWrite = z
  .object({
    legalName: required(BILLING_TEXTS.legalNameRequired),
    address: required(BILLING_TEXTS.addressRequired, 500),
    state: ZState,
    gstin: ZGstin,
    pan: z
      .string()
      .max(20)
      .transform((v) => v.trim().toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{5}[0-9]{4}[A-Z]$/, BILLING_TEXTS.panInvalid)),
    sac: z
      .string()
      .trim()
      .regex(/^[0-9]{6}$/, BILLING_TEXTS.sacInvalid),
    seriesPrefix: z
      .string()
      .max(20)
      .transform((v) => v.trim().toUpperCase())
      .pipe(z.string().regex(SERIES_PREFIX_PATTERN, BILLING_TEXTS.seriesInvalid)),
    signatory: z.string().trim().max(120).nullish(),
  })
  .superRefine((value, ctx) => {
    if (!value.gstin) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: GSTIN_MESSAGES.format });
      return;
    }
    checkGstin(value, ctx);
    if (value.gstin.length === 15 && value.gstin.slice(2, 12) !== value.pan) {
      ctx.addIssue({ code: 'custom', path: ['pan'], message: BILLING_TEXTS.panNotGstin });
    }
  });
export type TBillingProfileWrite = z.infer<typeof ZBillingProfileWrite>;

export const ZBillingProfile = z.object({
  legalName: z.string(),
  address: z.string(),
  state: z.string(),
  gstin: z.string(),
  pan: z.string(),
  sac: z.string(),
  seriesPrefix: z.string(),
  signatory: z.string().nullable(),
  updatedAt: ZIsoDate,
});
export type TBillingProfile = z.infer<typeof ZBillingProfile>;

/** GET /api/admin/billing-profile: the profile once saved; `configured` false before. */
export const ZBillingProfileAnswer = z.object({
  configured: z.boolean(),
  profile: ZBillingProfile.nullable(),
});
export type TBillingProfileAnswer = z.infer<typeof ZBillingProfileAnswer>;

/** PUT /api/v1/account/billing: the customer's details for its invoices (GSTIN optional). */
export const ZAccountBillingWrite = z
  .object({
    legalName: required(BILLING_TEXTS.legalNameRequired),
    address: required(BILLING_TEXTS.addressRequired, 500),
    state: ZState,
    gstin: ZGstin.nullish().transform((v) => (v ? v : null)),
  })
  .superRefine(checkGstin);
export type TAccountBillingWrite = z.infer<typeof ZAccountBillingWrite>;

export const ZAccountBilling = z.object({
  legalName: z.string().nullable(),
  address: z.string().nullable(),
  state: z.string().nullable(),
  gstin: z.string().nullable(),
  /** Whether the invoices have what they need (legal name, address and state). */
  complete: z.boolean(),
  updatedAt: ZIsoDate.nullable(),
});
export type TAccountBilling = z.infer<typeof ZAccountBilling>;
