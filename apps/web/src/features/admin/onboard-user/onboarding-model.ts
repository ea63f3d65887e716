import {
  ADMIN_OPS_TEXTS,
  LIMITS,
  MESSAGES,
  type TManualPaymentMethod,
  type TOnboarding,
  ZOnboardingBranch,
  ZOnboardingPayment,
} from '@starloop/contract';
import { issuesToErrors } from '../../../lib/use-form.ts';

/** One customer block of step 2, as typed. */
export interface TBranchForm {
  name: string;
  contactNumber: string;
  businessName: string;
  code: string;
  /** '' until chosen, then '1' or '2' (years). */
  subscriptionDuration: string;
  reviewLink: string;
  state: string;
  city: string;
  /** '' for direct, else the agent id. */
  agentId: string;
}

/** Step 3, as typed. */
export interface TPaymentForm {
  amount: string | number;
  paymentMethod: TManualPaymentMethod | '';
  email: string;
  pricingNotes: string;
  additionalNotes: string;
}

/** Field errors of the whole wizard: 'branches.0.code', 'payment.amount', … */
export type TWizardErrors = Record<string, string>;

export const emptyBranch = (): TBranchForm => ({
  name: '',
  contactNumber: '',
  businessName: '',
  code: '',
  subscriptionDuration: '',
  reviewLink: '',
  state: '',
  city: '',
  agentId: '',
});

export const emptyPayment = (): TPaymentForm => ({
  amount: '',
  paymentMethod: '',
  email: '',
  pricingNotes: '',
  additionalNotes: '',
});

/** Number of customers: 1 to 10; anything non-numeric falls back to 1 (spec section 5). */
export function clampCustomerCount(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? '').trim(), 10);
  if (!Number.isFinite(n)) return LIMITS.customersPerOnboardingMin;
  return Math.min(
    LIMITS.customersPerOnboardingMax,
    Math.max(LIMITS.customersPerOnboardingMin, Math.trunc(n)),
  );
}

/** The branches list at a new count: existing blocks are kept, new ones are empty. */
export function resizeBranches(branches: readonly TBranchForm[], count: number): TBranchForm[] {
  return Array.from({ length: count }, (_, index) => branches[index] ?? emptyBranch());
}

type TBranchPayload = TOnboarding['branches'][number];

function branchInput(branch: TBranchForm) {
  return {
    ...branch,
    agentId: branch.agentId ? Number(branch.agentId) : undefined,
  };
}

/** Availability of each block's business code, as the server answered it (index -> message when taken). */
export type TCodeProblems = Record<number, string | undefined>;

/**
 * Step 2 rules (spec section 5, Onboarding customer) for every block, plus codes and phones used
 * twice in the same onboarding and codes the server reported as taken.
 */
export function validateBranches(
  branches: readonly TBranchForm[],
  codeProblems: TCodeProblems = {},
): { errors: TWizardErrors; values?: TBranchPayload[] } {
  const errors: TWizardErrors = {};
  const values: TBranchPayload[] = [];
  const seenCodes = new Map<string, number>();
  const seenPhones = new Map<string, number>();

  branches.forEach((branch, index) => {
    const prefix = `branches.${index}`;
    const parsed = ZOnboardingBranch.safeParse(branchInput(branch));
    if (parsed.success) {
      const { agentId, ...rest } = parsed.data;
      values.push(agentId ? { ...rest, agentId } : rest);
    } else {
      for (const [field, message] of Object.entries(issuesToErrors(parsed.error.issues))) {
        errors[`${prefix}.${field}`] = message;
      }
    }
    const code = branch.code.trim().toLowerCase();
    if (code && !errors[`${prefix}.code`]) {
      const other = seenCodes.get(code);
      if (other !== undefined) errors[`${prefix}.code`] = ADMIN_OPS_TEXTS.codeRepeated(other + 1);
      else if (codeProblems[index]) errors[`${prefix}.code`] = codeProblems[index]!;
      seenCodes.set(code, seenCodes.get(code) ?? index);
    }
    const phone = branch.contactNumber.trim();
    if (phone && !errors[`${prefix}.contactNumber`]) {
      const other = seenPhones.get(phone);
      if (other !== undefined) errors[`${prefix}.contactNumber`] = ADMIN_OPS_TEXTS.phoneRepeated(other + 1);
      seenPhones.set(phone, seenPhones.get(phone) ?? index);
    }
  });

  return Object.keys(errors).length ? { errors } : { errors, values };
}

const op = MESSAGES.onboardingPayment;

/** The notes sent: the pricing notes, then ' | Additional: ' and the additional notes when given. */
export function paymentNotes(pricingNotes: string, additionalNotes: string): string {
  const pricing = pricingNotes.trim();
  const additional = additionalNotes.trim();
  return additional ? `${pricing} | Additional: ${additional}` : pricing;
}

/** Step 3 rules (spec section 5, Onboarding payment). */
export function validatePayment(payment: TPaymentForm): {
  errors: TWizardErrors;
  values?: TOnboarding['payment'];
} {
  const errors: TWizardErrors = {};
  const raw = typeof payment.amount === 'number' ? payment.amount : payment.amount.trim();
  const amount = raw === '' ? Number.NaN : Number(raw);
  if (!Number.isFinite(amount)) errors['payment.amount'] = op.amountInvalid;
  else if (amount < 0) errors['payment.amount'] = op.amountPositive;

  const parsed = ZOnboardingPayment.safeParse({
    amount: Number.isFinite(amount) ? amount : 0,
    paymentMethod: payment.paymentMethod || undefined,
    email: payment.email,
    notes: payment.pricingNotes,
  });
  if (!parsed.success) {
    for (const [field, message] of Object.entries(issuesToErrors(parsed.error.issues))) {
      if (field === 'amount') continue;
      errors[field === 'notes' ? 'payment.pricingNotes' : `payment.${field}`] = message;
    }
  }
  if (Object.keys(errors).length || !parsed.success) return { errors };
  return {
    errors,
    values: { ...parsed.data, notes: paymentNotes(payment.pricingNotes, payment.additionalNotes) },
  };
}

/** A server error's field: 'branches.1.code' -> { index: 1, field: 'code' }. */
export function branchErrorField(field: string | undefined): { index: number; field: string } | undefined {
  const match = /^branches\.(\d+)\.(\w+)$/.exec(field ?? '');
  return match ? { index: Number(match[1]), field: match[2]! } : undefined;
}

/** Strips the 'Customer 2: ' prefix the server puts on branch errors (the field is in that block). */
export function withoutBranchPrefix(message: string): string {
  return message.replace(/^Customer \d+:\s*/, '');
}
