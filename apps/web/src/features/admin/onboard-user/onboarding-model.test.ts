import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../lib/use-form.ts';
import {
  branchErrorField,
  clampCustomerCount,
  customersSchema,
  emptyBranch,
  emptyPayment,
  paymentErrorField,
  paymentNotes,
  resizeBranches,
  type TBranchForm,
  type TCodeChecks,
  type TPaymentForm,
  withoutBranchLabel,
  ZPaymentStep,
} from './onboarding-model.ts';

/** Step 2 checked as the wizard does: the parsed branches, or the errors by path. */
const validateBranches = (branches: TBranchForm[], codeChecks: TCodeChecks = {}) => {
  const { data, errors } = checkForm(customersSchema(codeChecks), { branches });
  return { values: data, errors };
};
/** Step 3 checked as the wizard does. */
const validatePayment = (payment: TPaymentForm) => {
  const { data, errors } = checkForm(ZPaymentStep, payment);
  return { values: data, errors };
};

const good: TBranchForm = {
  name: 'Asha Rao',
  contactNumber: '9876543210',
  businessName: 'Asha Cafe',
  code: 'Asha-Cafe',
  subscriptionDuration: '2',
  reviewLink: 'https://g.page/r/asha',
  state: 'Karnataka',
  city: 'Bengaluru',
  agentId: null,
};

describe('clampCustomerCount (1 to 10, non-numeric falls back to 1)', () => {
  it.each([
    ['abc', 1],
    ['', 1],
    [null, 1],
    [Number.NaN, 1],
    [0, 1],
    [-3, 1],
    ['3', 3],
    [7, 7],
    [10, 10],
    [11, 10],
    ['99', 10],
    [2.7, 2],
  ])('%s -> %s', (input, expected) => {
    expect(clampCustomerCount(input)).toBe(expected);
  });

  it('keeps typed blocks when the count changes', () => {
    const resized = resizeBranches([good], 3);
    expect(resized).toHaveLength(3);
    expect(resized[0]).toBe(good);
    expect(resized[2]).toEqual(emptyBranch());
    expect(resizeBranches(resized, 1)).toEqual([good]);
  });
});

describe('validateBranches', () => {
  it('gives every message of the customer rules', () => {
    const { errors, values } = validateBranches([emptyBranch()]);
    expect(values).toBeUndefined();
    expect(errors).toEqual({
      'branches.0.name': 'Name is required',
      'branches.0.contactNumber': 'Enter valid 10-digit number',
      'branches.0.businessName': 'Business name is required',
      'branches.0.code': 'Business code is required',
      'branches.0.subscriptionDuration': 'Subscription duration is required',
      'branches.0.reviewLink': 'Enter a valid URL starting with http:// or https://',
      'branches.0.state': 'State is required',
      'branches.0.city': 'City is required',
    });
  });

  it('normalises valid blocks and adds the agent only when chosen', () => {
    const { values } = validateBranches([
      good,
      { ...good, code: 'asha-2', contactNumber: '9876543211', agentId: 4 },
    ]);
    expect(values).toEqual([
      {
        name: 'Asha Rao',
        contactNumber: '9876543210',
        businessName: 'Asha Cafe',
        code: 'asha-cafe',
        subscriptionDuration: 2,
        reviewLink: 'https://g.page/r/asha',
        state: 'Karnataka',
        city: 'Bengaluru',
      },
      expect.objectContaining({ code: 'asha-2', agentId: 4 }),
    ]);
  });

  it('flags codes and phones used twice, and codes the server said are taken', () => {
    expect(validateBranches([good, { ...good }]).errors).toEqual({
      'branches.1.code': 'This business code is already used by Customer 1',
      'branches.1.contactNumber': 'This phone number is already used by Customer 1',
    });
    const taken = { code: 'asha-cafe', available: false, message: 'This business code is taken' };
    expect(validateBranches([good], { 0: taken }).errors).toEqual({
      'branches.0.code': 'This business code is taken',
    });
    // An answer about another code (the block was edited since) does not count.
    expect(validateBranches([good], { 0: { ...taken, code: 'asha' } }).errors).toEqual({});
  });

  it('says a repeated code or phone even while other fields are still wrong, after their own message', () => {
    const { errors, values } = validateBranches([good, { ...good, name: '' }, { ...good, code: 'x' }]);
    expect(values).toBeUndefined();
    expect(errors).toEqual({
      'branches.1.name': 'Name is required',
      'branches.1.code': 'This business code is already used by Customer 1',
      'branches.1.contactNumber': 'This phone number is already used by Customer 1',
      'branches.2.code': 'Use 3 to 32 lower-case letters, digits or hyphens',
      'branches.2.contactNumber': 'This phone number is already used by Customer 1',
    });
  });
});

describe('validatePayment', () => {
  it('gives every message of the payment rules', () => {
    expect(
      validatePayment({ amount: '', paymentMethod: '', email: '', notes: '', additionalNotes: '' }).errors,
    ).toEqual({
      amount: 'Please enter a valid amount',
      paymentMethod: 'Please select a payment method',
      email: 'Email is required',
      notes: 'Please explain why this price was given',
    });
    expect(
      validatePayment({
        amount: -1,
        paymentMethod: 'cash',
        email: 'x@',
        notes: 'p',
        additionalNotes: '',
      }).errors,
    ).toEqual({
      amount: 'Amount must be positive',
      email: 'Enter a valid email address',
    });
    // The amount as the number field gives it: a number, or text while not one.
    expect(validatePayment({ ...emptyPayment(), amount: '-' }).errors.amount).toBe(
      'Please enter a valid amount',
    );
    expect(validatePayment({ ...emptyPayment(), amount: '1200' }).errors.amount).toBeUndefined();
  });

  it("appends the additional notes after ' | Additional: '", () => {
    expect(paymentNotes(' Festival offer ', '  paid at the branch ')).toBe(
      'Festival offer | Additional: paid at the branch',
    );
    expect(paymentNotes('Festival offer', '   ')).toBe('Festival offer');
    expect(
      validatePayment({
        amount: 24000,
        paymentMethod: 'bank_transfer',
        email: ' Owner@Example.com ',
        notes: 'Two branches',
        additionalNotes: 'UTR 123',
      }).values,
    ).toEqual({
      amount: 24000,
      paymentMethod: 'bank_transfer',
      email: 'owner@example.com',
      notes: 'Two branches | Additional: UTR 123',
    });
  });

  it('reads branch fields from server errors', () => {
    expect(branchErrorField('branches.1.code')).toEqual({ index: 1, field: 'code' });
    expect(branchErrorField('payment.email')).toBeUndefined();
    expect(branchErrorField(undefined)).toBeUndefined();
    expect(paymentErrorField('payment.notes')).toBe('notes');
    expect(paymentErrorField('payment.email')).toBe('email');
    expect(paymentErrorField('payment.other')).toBeUndefined();
    expect(paymentErrorField('branches.0.code')).toBeUndefined();
  });

  it("says a server error beside its block's field without the 'Customer N: ' label", () => {
    expect(withoutBranchLabel('Customer 2: This phone number is already registered', 1)).toBe(
      'This phone number is already registered',
    );
    expect(withoutBranchLabel('This phone number is already registered', 0)).toBe(
      'This phone number is already registered',
    );
  });
});
