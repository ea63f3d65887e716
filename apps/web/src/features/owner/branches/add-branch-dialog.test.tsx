import { PUBLIC_TEXTS } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failsWith, type TFakeHandlers } from '../../../test/fake-trpc.ts';
import { cleanToastsBeforeEach, renderOwner } from '../test/owner-test-utils.tsx';
import { ADD_BRANCH_TEXT } from './add-branch-dialog.tsx';

// A Mantine form in a dialog, in happy-dom: give each test room.
vi.setConfig({ testTimeout: 30_000 });
cleanToastsBeforeEach();

const zero = {
  reviews: 0,
  averageRating: 0,
  positiveShare: 0,
  lowRatings: 0,
  replyRate: 0,
  requestsSent: 0,
  requestReviews: 0,
  requestConversion: 0,
  scans: 0,
  scanReviews: 0,
  scanConversion: 0,
};
const first = { id: 1, businessName: 'Chai Point', code: 'chai-point', city: 'Mumbai' };
const account = (role: 'owner' | 'manager', plan: 'essential' | 'professional' = 'professional') => ({
  account: { id: 1, name: 'Chai Point', plan, createdAt: '2026-01-01T00:00:00.000Z' },
  role,
  currentBusinessId: 1,
  branches: [{ ...first, state: 'Maharashtra', status: 'active', plan, subscriptionEnd: null }],
});
const created = {
  branch: {
    id: 42,
    businessName: 'Chai Point',
    code: 'chai-point-pune',
    city: 'Pune',
    state: 'Maharashtra',
    status: 'pending',
    plan: 'professional',
    subscriptionEnd: null,
  },
  payment: { plan: 'professional', amount: 299900, currency: 'INR' },
  message: 'Branch added. It starts unpaid: its review page goes live once you pay for it.',
};
const ownerPlan = {
  plan: 'professional',
  planName: 'Professional',
  status: 'pending',
  subscriptionStart: null,
  subscriptionEnd: null,
  daysLeft: null,
  inGrace: false,
  reviewPageActive: false,
  requests: null,
  payments: [],
};

const open = (handlers: TFakeHandlers = {}, role: 'owner' | 'manager' = 'owner') =>
  renderOwner(
    '/dashboard/branches',
    {
      'owner.account.get': () => account(role),
      'owner.account.branches': () => ({
        from: '2026-10-30',
        to: '2026-11-28',
        branches: [{ ...first, figures: zero, trend: [] }],
        totals: zero,
      }),
      'owner.account.reviews': () => ({
        reviews: [],
        meta: { total: 0, page: 1, limit: 10, totalPages: 1, hasNextPage: false, hasPrevPage: false },
      }),
      'public.businessCode.check': (input) => ({
        available: (input as { code: string }).code !== 'chai-point',
        message: PUBLIC_TEXTS.codeAvailable,
      }),
      'owner.account.addBranch': () => created,
      'owner.plan.get': () => ownerPlan,
      ...handlers,
    },
    'All branches',
  );

const dialog = () => within(screen.getByRole('dialog'));

async function fill(user: UserEvent, label: RegExp, value: string) {
  const input = dialog().getByLabelText(label);
  await user.click(input);
  await user.clear(input);
  if (value) await user.paste(value);
}

async function chooseOption(user: UserEvent, label: RegExp, option: string) {
  const input = dialog().getByRole('combobox', { name: label });
  await user.click(input);
  await user.clear(input);
  await user.paste(option);
  // Mantine keeps its dropdown at display:none in happy-dom (no layout): the options are there.
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function fillBranch(user: UserEvent) {
  await chooseOption(user, /^State/, 'Maharashtra');
  await waitFor(() => expect(dialog().getByRole('combobox', { name: /^City/ })).toBeEnabled());
  await chooseOption(user, /^City/, 'Pune');
  await fill(user, /^Contact number/, '9822200001');
  await fill(user, /^Review link/, 'https://g.page/r/chai-pune/review');
}

describe('Add a branch', () => {
  it('adds a branch, says it is unpaid, and opens the Plan page on it to pay', async () => {
    const app = await open();
    await app.user.click(await screen.findByRole('button', { name: ADD_BRANCH_TEXT.open }));
    // The price of one more branch: the account's plan.
    expect(dialog().getByText(/Professional, ₹2,999(\.00)? \/ month/)).toBeInTheDocument();
    // The name comes from the account; the code follows the name and the city.
    expect(dialog().getByLabelText(/^Business name/)).toHaveValue('Chai Point');
    await fillBranch(app.user);
    expect(dialog().getByLabelText(/^Business code/)).toHaveValue('chai-point-pune');
    await app.user.click(dialog().getByRole('button', { name: ADD_BRANCH_TEXT.submit }));

    await waitFor(() => expect(app.server.callsTo('owner.account.addBranch')).toHaveLength(1));
    expect(app.server.callsTo('owner.account.addBranch')[0]!.input).toEqual({
      businessName: 'Chai Point',
      state: 'Maharashtra',
      city: 'Pune',
      contactNumber: '9822200001',
      reviewLink: 'https://g.page/r/chai-pune/review',
      code: 'chai-point-pune',
    });
    expect(await dialog().findByText(ADD_BRANCH_TEXT.addedTitle)).toBeInTheDocument();
    expect(dialog().getByText(created.message)).toBeInTheDocument();
    expect(dialog().getByText(/Chai Point, Pune: Professional plan, ₹2,999/)).toBeInTheDocument();

    await app.user.click(dialog().getByRole('button', { name: ADD_BRANCH_TEXT.payNow }));
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/plan'));
    expect(app.router.state.location.search).toMatchObject({ branch: 42 });
    await waitFor(() => expect(app.server.callsTo('owner.plan.get').at(-1)?.branch).toBe('42'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('checks the form, and shows a taken code on its field', async () => {
    const app = await open({
      'owner.account.addBranch': failsWith('CONFLICT', PUBLIC_TEXTS.codeTaken, 'code'),
    });
    await app.user.click(await screen.findByRole('button', { name: ADD_BRANCH_TEXT.open }));
    await fill(app.user, /^Business name/, '');
    await app.user.click(dialog().getByRole('button', { name: ADD_BRANCH_TEXT.submit }));
    expect(await dialog().findByText('Business name is required')).toBeInTheDocument();
    expect(dialog().getByText('State is required')).toBeInTheDocument();
    expect(dialog().getByText('Contact number is required')).toBeInTheDocument();
    expect(app.server.callsTo('owner.account.addBranch')).toHaveLength(0);

    await fill(app.user, /^Business name/, 'Chai Point');
    await fillBranch(app.user);
    await app.user.click(dialog().getByRole('button', { name: ADD_BRANCH_TEXT.submit }));
    expect(await dialog().findByText(PUBLIC_TEXTS.codeTaken)).toBeInTheDocument();
    expect(dialog().queryByText(ADD_BRANCH_TEXT.addedTitle)).not.toBeInTheDocument();
  });

  it('is not offered to managers', async () => {
    await open({}, 'manager');
    await screen.findByRole('table', { name: 'Branches' });
    expect(screen.queryByRole('button', { name: ADD_BRANCH_TEXT.open })).not.toBeInTheDocument();
  });
});
