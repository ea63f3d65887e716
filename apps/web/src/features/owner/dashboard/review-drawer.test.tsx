import { GOOGLE_TEXTS, PLANS, REVIEW_ACTION_TEXTS, SENTIMENT_LANGUAGE_NOTE } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en } from '../../../lib/owner-i18n/en.ts';
import { trpcError } from '../../../test/fake-trpc.ts';
import { fill } from '../../../test/fill.ts';
import {
  cleanToastsBeforeEach,
  meta,
  owner,
  page,
  renderOwner,
  review,
  stats,
} from '../test/owner-test-utils.tsx';

cleanToastsBeforeEach();

type THandlers = Record<string, (input: unknown) => unknown>;

/** A 2-star QR review as the dashboard answers it, with the drawer's fields. */
const actionable = (overrides: Record<string, unknown> = {}) =>
  review(1, {
    rating: 2,
    message: 'Shop was closed at 8 pm',
    customerContact: 'ravi@example.com',
    replyStatus: 'drafted',
    replyText: 'Dear Ravi, we are truly sorry.',
    source: 'qr',
    language: 'en',
    caseId: 41,
    caseStatus: 'new',
    replyEmail: true,
    contact: null,
    ...overrides,
  });

/** A case as owner.cases.get answers it, reachable on the given channels. */
const caseDetail = (reach: { channel: string; available: boolean; reason: string | null }[]) => ({
  id: 41,
  reviewId: 1,
  businessId: 7,
  rating: 2,
  message: 'Shop was closed at 8 pm',
  status: 'new',
  outcome: null,
  assigneeId: null,
  contactPresent: true,
  createdAt: '2026-02-05T10:30:00.000Z',
  firstResponseAt: null,
  resolvedAt: null,
  dueAt: '2026-02-05T12:30:00.000Z',
  overdue: false,
  timeline: [],
  contact: {
    phone: '+919876543210',
    email: null,
    consent: true,
    consentAt: '2026-02-05T10:30:00.000Z',
    language: 'hi',
    withdrawnAt: null,
  },
  reach: reach.map((r) => ({ via: r.available ? 'platform' : null, ...r })),
  invitationSent: false,
});

/** Opens review 1's drawer; `current` is what owner.dashboard.review answers at each ask. */
async function openDrawer(
  current: () => unknown,
  handlers: THandlers = {},
  options: { plan?: string; role?: string } = {},
) {
  const app = await renderOwner(
    '/dashboard',
    {
      'owner.me': () => owner({ plan: options.plan ?? 'professional' }),
      'owner.account.get': () => ({ role: options.role ?? 'owner' }),
      'owner.dashboard.stats': () => stats(),
      'owner.dashboard.reviews': () => ({ reviews: [current()], meta: meta(1) }),
      'owner.dashboard.review': () => current(),
      ...handlers,
    },
    'Hi, Asha Rao',
  );
  await app.user.click(await page().findByRole('button', { name: 'Open review 1' }));
  const drawer = within(await screen.findByRole('dialog', { name: 'Review details' }));
  return { app, drawer };
}

describe('the review drawer acts on a review', () => {
  it('lets a Professional owner edit the drafted reply and email it', async () => {
    let row = actionable();
    const { app, drawer } = await openDrawer(() => row, {
      'owner.reviews.sendReply': (input) => {
        const { text } = input as { text: string };
        row = actionable({ replyStatus: 'sent', replyText: text, repliedAt: '2026-02-05T11:00:00.000Z' });
        return row;
      },
    });

    const box = await drawer.findByRole('textbox', { name: 'Your reply' });
    expect(box).toHaveValue('Dear Ravi, we are truly sorry.');
    await fill(app.user, box, ' We open till 10 pm from Monday.');
    await app.user.click(drawer.getByRole('button', { name: 'Send by email' }));

    await waitFor(() =>
      expect(app.server.callsTo('owner.reviews.sendReply')[0]?.input).toEqual({
        id: 1,
        text: 'Dear Ravi, we are truly sorry. We open till 10 pm from Monday.',
      }),
    );
    expect(await screen.findByText('Reply emailed to the customer.')).toBeInTheDocument();
    expect(await drawer.findByText('Sent')).toBeInTheDocument();
    expect(
      drawer.getByText('Dear Ravi, we are truly sorry. We open till 10 pm from Monday.'),
    ).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Send by email' })).toBeNull();
  });

  it('shows the server’s refusal and keeps the text', async () => {
    const { app, drawer } = await openDrawer(() => actionable(), {
      'owner.reviews.sendReply': () => {
        throw trpcError('CONFLICT', REVIEW_ACTION_TEXTS.unsubscribed);
      },
    });
    await app.user.click(await drawer.findByRole('button', { name: 'Send by email' }));
    expect(await drawer.findByText(REVIEW_ACTION_TEXTS.unsubscribed)).toBeInTheDocument();
    expect(drawer.getByRole('textbox', { name: 'Your reply' })).toHaveValue('Dear Ravi, we are truly sorry.');
  });

  it('lets an Essential owner send the draft as it is, without editing it', async () => {
    const { app, drawer } = await openDrawer(
      () => actionable(),
      { 'owner.reviews.sendReply': () => actionable({ replyStatus: 'sent' }) },
      { plan: 'essential' },
    );
    await drawer.findByRole('button', { name: 'Send by email' });
    expect(drawer.queryByRole('textbox', { name: 'Your reply' })).toBeNull();
    expect(drawer.getByText(REVIEW_ACTION_TEXTS.editProfessionalOnly)).toBeInTheDocument();
    expect(drawer.getByText('Dear Ravi, we are truly sorry.')).toBeInTheDocument();
    await app.user.click(drawer.getByRole('button', { name: 'Send by email' }));
    await waitFor(() =>
      expect(app.server.callsTo('owner.reviews.sendReply')[0]?.input).toEqual({
        id: 1,
        text: 'Dear Ravi, we are truly sorry.',
      }),
    );
  });

  it('says a reply in another language is in the review’s language', async () => {
    const { drawer } = await openDrawer(() =>
      actionable({ language: 'hi', message: 'दुकान 8 बजे बंद थी', replyText: 'प्रिय ग्राहक, हमें खेद है।' }),
    );
    expect(await drawer.findByRole('textbox', { name: 'Your reply' })).toHaveValue('प्रिय ग्राहक, हमें खेद है।');
    expect(drawer.getByText("Written in Hindi (हिन्दी), the review's language.")).toBeInTheDocument();
  });

  it('calls, WhatsApps and replies by WhatsApp from the case to a customer who left only a phone', async () => {
    const row = actionable({
      customerContact: '+919876543210',
      replyEmail: false,
      contact: { phone: '+919876543210', email: null, consent: true, withdrawn: false },
    });
    const { app, drawer } = await openDrawer(() => row, {
      'owner.cases.get': () =>
        caseDetail([
          { channel: 'whatsapp', available: true, reason: null },
          {
            channel: 'sms',
            available: false,
            reason: 'SMS needs a DLT-registered sender. Set one up in Settings.',
          },
          { channel: 'email', available: false, reason: 'No email address.' },
        ]),
      'owner.cases.sendMessage': () => caseDetail([]),
    });

    expect(await drawer.findByRole('link', { name: 'Call +919876543210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    expect(drawer.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/919876543210',
    );
    expect(
      await drawer.findByText('SMS: SMS needs a DLT-registered sender. Set one up in Settings.'),
    ).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Send by email' })).toBeNull();

    await app.user.click(drawer.getByRole('button', { name: 'Send by WhatsApp' }));
    await waitFor(() =>
      expect(app.server.callsTo('owner.cases.sendMessage')[0]?.input).toEqual({
        id: 41,
        channel: 'whatsapp',
        kind: 'reply',
        text: 'Dear Ravi, we are truly sorry.',
      }),
    );
    expect(await screen.findByText('Reply sent by WhatsApp.')).toBeInTheDocument();
  });

  it('offers no call to a customer who did not agree to be contacted', async () => {
    const { drawer } = await openDrawer(() =>
      actionable({
        replyEmail: false,
        contact: { phone: '+919876543210', email: null, consent: false, withdrawn: false },
      }),
    );
    expect(await drawer.findByText('The customer did not agree to be contacted.')).toBeInTheDocument();
    expect(drawer.queryByRole('link', { name: /Call/ })).toBeNull();
    expect(drawer.queryByRole('button', { name: /Send by/ })).toBeNull();
  });

  it('opens a case for a review that has none, then links it to the inbox', async () => {
    let row = actionable({ rating: 4, caseId: null, caseStatus: null });
    const { app, drawer } = await openDrawer(() => row, {
      'owner.reviews.openCase': () => {
        row = actionable({ rating: 4, caseId: 77, caseStatus: 'new' });
        return { ...caseDetail([]), id: 77 };
      },
    });
    expect(await drawer.findByText('No feedback case for this review.')).toBeInTheDocument();
    await app.user.click(drawer.getByRole('button', { name: 'Open case' }));
    await waitFor(() => expect(app.server.callsTo('owner.reviews.openCase')[0]?.input).toEqual({ id: 1 }));
    expect(await drawer.findByRole('link', { name: 'Open in inbox' })).toHaveAttribute(
      'href',
      '/dashboard/inbox?case=77',
    );
    expect(drawer.getByText('New')).toBeInTheDocument();
  });

  it('resolves a new case with the chosen outcome (taken on first)', async () => {
    let row = actionable();
    const { app, drawer } = await openDrawer(() => row, {
      'owner.cases.update': (input) => {
        const { status } = input as { status: string };
        row = actionable({ caseStatus: status });
        return { ...caseDetail([]), status };
      },
    });
    const resolve = await drawer.findByRole('button', { name: 'Resolve case' });
    expect(resolve).toBeDisabled();
    await app.user.click(drawer.getByRole('combobox', { name: 'Outcome' }));
    await app.user.click(await screen.findByRole('option', { name: 'Recovered', hidden: true }));
    await app.user.click(resolve);
    await waitFor(() =>
      expect(app.server.callsTo('owner.cases.update').map((c) => c.input)).toEqual([
        { id: 41, status: 'in_progress' },
        { id: 41, status: 'resolved', outcome: 'recovered' },
      ]),
    );
    expect(await drawer.findByText('Resolved')).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Resolve case' })).toBeNull();
  });

  it('lets staff work the case but not send the reply', async () => {
    const { drawer } = await openDrawer(() => actionable(), {}, { role: 'staff' });
    expect(await drawer.findByRole('button', { name: 'Resolve case' })).toBeInTheDocument();
    expect(drawer.getByText('Dear Ravi, we are truly sorry.')).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Send by email' })).toBeNull();
    expect(drawer.queryByRole('textbox', { name: 'Your reply' })).toBeNull();
  });
});

describe('the review drawer texts', () => {
  it("say the contract's words where the drawer shows them itself", () => {
    for (const plan of Object.values(PLANS)) {
      expect(en.review.auto.within[plan.autoReply.style]).toBe(plan.autoReply.within);
    }
    expect(en.review.reply.textRequired).toBe(REVIEW_ACTION_TEXTS.textRequired);
    expect(en.review.reply.editProfessionalOnly).toBe(REVIEW_ACTION_TEXTS.editProfessionalOnly);
    expect(en.review.sentimentNote).toBe(SENTIMENT_LANGUAGE_NOTE);
    expect(en.review.google.queued).toBe(GOOGLE_TEXTS.publishQueued);
  });
});
