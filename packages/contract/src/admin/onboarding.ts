import { z } from 'zod';
import { LIMITS, MANUAL_PAYMENT_METHODS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { EMAIL_PATTERN, HTTP_URL_PATTERN, PHONE_10_PATTERN } from '../patterns.ts';
import {
  businessCode,
  cappedText,
  decimalInput,
  required,
  TEXT_LIMITS,
  wholeNumberInput,
} from '../schema-helpers.ts';
import { TEXT_TEXTS } from '../text-rules.ts';
import { ADMIN_OPS_TEXTS } from './common.ts';

/** Onboarding (spec section 4): one manual payment for 1 to 10 new owners (branches). */

/** Prefix of every onboarding error about one branch (`branches.1.code` -> 'Customer 2: …'). */
export const onboardingBranchLabel = (index: number) => `Customer ${index + 1}`;

const oc = MESSAGES.onboardingCustomer;
export const ZOnboardingBranch = z.object({
  name: required(oc.nameRequired),
  contactNumber: cappedText(TEXT_LIMITS.line, oc.phoneInvalid)
    .trim()
    .regex(PHONE_10_PATTERN, oc.phoneInvalid),
  businessName: required(oc.businessNameRequired),
  code: businessCode(oc.codeRequired, MESSAGES.registration.codeInvalid),
  reviewLink: z
    .string({ message: oc.reviewLinkInvalid })
    .max(TEXT_LIMITS.url, { message: TEXT_TEXTS.tooLong(TEXT_LIMITS.url), abort: true })
    .trim()
    .regex(HTTP_URL_PATTERN, oc.reviewLinkInvalid),
  state: required(oc.stateRequired),
  city: required(oc.cityRequired),
  subscriptionDuration: wholeNumberInput(
    z.number({ message: oc.durationRequired }).refine((v) => v === 1 || v === 2, oc.durationRequired),
  ),
  agentId: z.number().int().positive().nullable().optional(),
});
export type TOnboardingBranch = z.infer<typeof ZOnboardingBranch>;

const op = MESSAGES.onboardingPayment;
export const ZOnboardingPayment = z.object({
  amount: decimalInput(
    z.number({ message: op.amountInvalid }).finite(op.amountInvalid).min(0, op.amountPositive),
  ),
  paymentMethod: z.enum(MANUAL_PAYMENT_METHODS, { message: op.methodRequired }),
  email: required(op.emailRequired, TEXT_LIMITS.email).toLowerCase().regex(EMAIL_PATTERN, op.emailInvalid),
  notes: required(op.pricingNotesRequired, TEXT_LIMITS.long),
});
export type TOnboardingPayment = z.infer<typeof ZOnboardingPayment>;

/** The plans onboarding offers, as the wizard names them. */
export const ONBOARDING_PLANS = ['Essential', 'Professional'] as const;

export const ZOnboarding = z.object({
  branches: z
    .array(ZOnboardingBranch)
    .min(LIMITS.customersPerOnboardingMin)
    .max(LIMITS.customersPerOnboardingMax),
  payment: ZOnboardingPayment,
  /**
   * true: the customers are branches of one business (one account; the first block's person is its
   * owner and signs in for all of them). false (default): separate businesses, an account each.
   */
  oneAccount: z.boolean().default(false),
  /** The plan of every account made (default Essential, as onboarding always was). */
  plan: z.enum(ONBOARDING_PLANS, { message: 'Plan must be Essential or Professional' }).default('Essential'),
});
export type TOnboarding = z.infer<typeof ZOnboarding>;

/**
 * ZOnboarding whose errors about one branch name the branch: 'Customer 2: Business code is
 * required' at `branches.1.code`. Typed like ZOnboarding for callers (tRPC input, forms).
 */
export const ZOnboardingRequest = z.custom<z.input<typeof ZOnboarding>>().transform((value, ctx) => {
  const parsed = ZOnboarding.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const [head, index] = issue.path;
    let message = issue.message;
    if (head === 'branches' && typeof index === 'number') {
      message = `${onboardingBranchLabel(index)}: ${issue.message}`;
    } else if (head === 'branches') {
      message = ADMIN_OPS_TEXTS.onboardingCount;
    } else if (head === undefined) {
      message = ADMIN_OPS_TEXTS.onboardingMissing;
    }
    ctx.addIssue({ code: 'custom', message, path: issue.path });
  }
  return z.NEVER;
});

export const ZOnboardingResult = z.object({
  success: z.literal(true),
  users: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      /** One-time link (7 days) for the owner to choose a password; shown to the admin once. */
      setPasswordUrl: z.string(),
    }),
  ),
  manualPaymentId: z.number().int(),
});
export type TOnboardingResult = z.infer<typeof ZOnboardingResult>;
