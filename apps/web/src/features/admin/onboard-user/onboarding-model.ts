import {
  ADMIN_OPS_TEXTS,
  LIMITS,
  onboardingBranchLabel,
  type TManualPaymentMethod,
  ZOnboarding,
  ZOnboardingPayment,
} from '@starloop/contract';
import { z } from 'zod';

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
  /** null for direct, else the agent's id. */
  agentId: number | null;
}

/** Step 2, as typed. */
export interface TCustomersForm {
  branches: TBranchForm[];
}

/** Step 3, as typed. */
export interface TPaymentForm {
  /** The number field's value: '' while empty. */
  amount: string | number;
  paymentMethod: TManualPaymentMethod | '';
  email: string;
  /** The pricing notes (required): the start of the notes sent. */
  notes: string;
  additionalNotes: string;
}

/** Field errors of a step: 'branches.0.code', 'email', … */
export type TStepErrors = Readonly<Record<string, string | undefined>>;

export const emptyBranch = (): TBranchForm => ({
  name: '',
  contactNumber: '',
  businessName: '',
  code: '',
  subscriptionDuration: '',
  reviewLink: '',
  state: '',
  city: '',
  agentId: null,
});

export const emptyPayment = (): TPaymentForm => ({
  amount: '',
  paymentMethod: '',
  email: '',
  notes: '',
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

/** What public.businessCode.check answered for a block's code. */
export interface TCodeCheck {
  /** The code the answer is about (lower-case). */
  code: string;
  available: boolean;
  message: string;
}

/** The latest availability answer of each block (by index). */
export type TCodeChecks = Readonly<Record<number, TCodeCheck | undefined>>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const typed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Step 2 (spec section 5, Onboarding customer): the contract's customers, ZOnboarding's 1 to 10
 * ZOnboardingBranch, plus what only the whole onboarding shows: a code or a phone used twice, and
 * a code the server said is taken. Those run while other fields are still wrong too; a field's
 * own message comes first. Parses to the branches as sent (the agent only when one is chosen).
 */
export function customersSchema(codeChecks: TCodeChecks = {}, options: { oneAccount?: boolean } = {}) {
  return ZOnboarding.pick({ branches: true })
    .superRefine(
      ({ branches }, ctx) => {
        const seenCodes = new Map<string, number>();
        const seenPhones = new Map<string, number>();
        branches.forEach((branch: unknown, index) => {
          if (!isObject(branch)) return;
          const code = typed(branch.code).toLowerCase();
          if (code) {
            const other = seenCodes.get(code);
            const check = codeChecks[index];
            const message =
              other !== undefined
                ? ADMIN_OPS_TEXTS.codeRepeated(other + 1)
                : check && !check.available && check.code === code
                  ? check.message
                  : undefined;
            if (message) ctx.addIssue({ code: 'custom', message, path: ['branches', index, 'code'] });
            if (other === undefined) seenCodes.set(code, index);
          }
          // Branches of one account may share a number (only the first signs in with it).
          const phone = options.oneAccount ? '' : typed(branch.contactNumber);
          if (phone) {
            const other = seenPhones.get(phone);
            if (other !== undefined) {
              ctx.addIssue({
                code: 'custom',
                message: ADMIN_OPS_TEXTS.phoneRepeated(other + 1),
                path: ['branches', index, 'contactNumber'],
              });
            } else seenPhones.set(phone, index);
          }
        });
      },
      // While some fields are wrong the value is only partly parsed: check what is there.
      { when: ({ value }) => isObject(value) && Array.isArray(value.branches) },
    )
    .transform(({ branches }) =>
      branches.map(({ agentId, ...branch }) => (agentId ? { ...branch, agentId } : branch)),
    );
}

/** The notes sent: the pricing notes, then ' | Additional: ' and the additional notes when given. */
export function paymentNotes(pricingNotes: string, additionalNotes: string): string {
  const pricing = pricingNotes.trim();
  const additional = additionalNotes.trim();
  return additional ? `${pricing} | Additional: ${additional}` : pricing;
}

/**
 * Step 3 (spec section 5, Onboarding payment): the contract's payment, with the notes typed in two
 * boxes (the pricing notes are the required `notes`). Parses to the payment as sent.
 */
export const ZPaymentStep = ZOnboardingPayment.extend({ additionalNotes: z.string() }).transform(
  ({ additionalNotes, ...payment }) => ({ ...payment, notes: paymentNotes(payment.notes, additionalNotes) }),
);

/** A server error's field: 'branches.1.code' -> { index: 1, field: 'code' }. */
export function branchErrorField(field: string | undefined): { index: number; field: string } | undefined {
  const match = /^branches\.(\d+)\.(\w+)$/.exec(field ?? '');
  return match ? { index: Number(match[1]), field: match[2]! } : undefined;
}

/** A server error's field on step 3: 'payment.email' -> 'email'. */
export function paymentErrorField(field: string | undefined): keyof TPaymentForm | undefined {
  const name = /^payment\.(\w+)$/.exec(field ?? '')?.[1];
  return name && name in emptyPayment() ? (name as keyof TPaymentForm) : undefined;
}

/**
 * A server error about one block, said beside that block's field: without the contract's
 * 'Customer 2: ' label the server puts in front of it.
 */
export function withoutBranchLabel(message: string, index: number): string {
  const label = `${onboardingBranchLabel(index)}: `;
  return message.startsWith(label) ? message.slice(label.length) : message;
}
