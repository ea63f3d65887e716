import { describe, expect, it } from 'vitest';
import {
  branchErrorField,
  clampCustomerCount,
  emptyBranch,
  paymentNotes,
  resizeBranches,
  type TBranchForm,
  validateBranches,
  validatePayment,
} from './onboarding-model.ts';

const good: TBranchForm = {
  name: 'Asha Rao',
  contactNumber: '9876543210',
  businessName: 'Asha Cafe',
  code: 'Asha-Cafe',
  subscriptionDuration: '2',
  reviewLink: 'https://g.page/r/asha',
  state: 'Karnataka',
  city: 'Bengaluru',
  agentId: '',
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
      { ...good, code: 'asha-2', contactNumber: '9876543211', agentId: '4' },
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
    expect(validateBranches([good], { 0: 'This business code is taken' }).errors).toEqual({
      'branches.0.code': 'This business code is taken',
    });
  });
});

describe('validatePayment', () => {
  it('gives every message of the payment rules', () => {
    expect(
      validatePayment({ amount: '', paymentMethod: '', email: '', pricingNotes: '', additionalNotes: '' })
        .errors,
    ).toEqual({
      'payment.amount': 'Please enter a valid amount',
      'payment.paymentMethod': 'Please select a payment method',
      'payment.email': 'Email is required',
      'payment.pricingNotes': 'Please explain why this price was given',
    });
    expect(
      validatePayment({
        amount: -1,
        paymentMethod: 'cash',
        email: 'x@',
        pricingNotes: 'p',
        additionalNotes: '',
      }).errors,
    ).toEqual({
      'payment.amount': 'Amount must be positive',
      'payment.email': 'Enter a valid email address',
    });
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
        pricingNotes: 'Two branches',
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
  });
});
