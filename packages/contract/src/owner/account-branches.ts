import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { HTTP_URL_PATTERN, PHONE_10_PATTERN } from '../patterns.ts';
import { CURRENCY, PLAN_KEYS, resolveRegistrationPlan, type TPlanKey } from '../plans.ts';
import { ZBusinessCode } from '../public/registration.ts';
import { MAX_ACCOUNT_BRANCHES } from '../rules/branches.ts';
import { optionalText, required, TEXT_LIMITS } from '../schema-helpers.ts';
import { TEXT_TEXTS } from '../text-rules.ts';
import { ZAccountBranch } from './account.ts';

/**
 * An account's owners add a branch themselves (owner.account.addBranch, POST /api/v1/account/branches):
 * a new business of the account on the account's plan, pending (its review page off) until its
 * own payment through the Plan page (owner.plan.createOrder with the branch's X-Business-Id).
 */

export const BRANCH_TEXTS = {
  added: 'Branch added. It starts unpaid: its review page goes live once you pay for it.',
  limitReached: `An account can have at most ${MAX_ACCOUNT_BRANCHES} branches. Contact StarLoop support to add more.`,
  cityWithoutState: 'Choose the state first',
} as const;

/**
 * What one branch costs: its plan's price, per branch (decisions.md: priced per branch per plan, no
 * volume discount yet; GST is the billing issue's). In paise.
 */
export const branchPrice = (plan: TPlanKey): number => resolveRegistrationPlan(plan).amount;

const ue = MESSAGES.userEdit;

/** POST /api/v1/account/branches. The fields and messages of registration and the admin's edit. */
export const ZBranchCreate = z.object({
  businessName: required(MESSAGES.registration.businessNameRequired),
  state: optionalText(100),
  city: optionalText(100),
  contactNumber: required(ue.contactNumberRequired).regex(PHONE_10_PATTERN, ue.contactNumberInvalid),
  /** The branch's own review link (Google's); an empty string is none. */
  reviewLink: z
    .string()
    .max(TEXT_LIMITS.url, { message: TEXT_TEXTS.tooLong(TEXT_LIMITS.url), abort: true })
    .trim()
    .nullable()
    .optional()
    .refine((v) => !v || HTTP_URL_PATTERN.test(v), MESSAGES.onboardingCustomer.reviewLinkInvalid)
    .transform((v) => (v === '' ? null : v)),
  /** The review page's code (/review/{code}); left out, one is made from the business name. */
  code: ZBusinessCode.nullish(),
});
export type TBranchCreate = z.infer<typeof ZBranchCreate>;

/** What the new branch's payment will be: its plan and that plan's price (paise). */
export const ZBranchPayment = z.object({
  plan: z.enum(PLAN_KEYS),
  amount: z.number().int(),
  currency: z.literal(CURRENCY),
});
export type TBranchPayment = z.infer<typeof ZBranchPayment>;

export const ZBranchCreated = z.object({
  branch: ZAccountBranch,
  payment: ZBranchPayment,
  message: z.string(),
});
export type TBranchCreated = z.infer<typeof ZBranchCreated>;
