import { CASE_SMS_MAX, CASE_TEXTS, type TCaseDetail } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failsWith } from '../../../../test/fake-trpc.ts';
import { fill } from '../../../../test/fill.ts';
import { cleanToastsBeforeEach, renderOwner } from '../../test/owner-test-utils.tsx';
import {
  accountAnswer,
  assigneesAnswer,
  caseDetail,
  caseEvent,
  casesAnswer,
  hindiTemplates,
  kase,
  ME,
} from '../test/case-fixtures.ts';
import { DRAWER_TEXT, whatsAppLink } from './case-drawer.tsx';
import { REPLY_TEXT } from './reply-box.tsx';

cleanToastsBeforeEach();

type TInput = Record<string, unknown>;

/** The inbox opened on one case (`?case=`), with a server that keeps that case as it changes. */
async function openCase(initial: TCaseDetail, more: Record<string, (input: unknown) => unknown> = {}) {
  let current = initial;
  const apply = (patch: Partial<TCaseDetail>) => {
    current = { ...current, ...patch };
    return current;
  };
  const app = await renderOwner(
    `/dashboard/inbox?case=${initial.id}`,
    {
      'owner.account.get': () => accountAnswer,
      'owner.cases.assignees': () => assigneesAnswer,
      'owner.cases.list': () => casesAnswer([kase(initial.id)]),
      'owner.cases.get': () => current,
      'owner.cases.replyTemplates': () => hindiTemplates,
      'owner.cases.update': (input) => {
        const { id: _id, ...patch } = input as TInput;
        return apply(patch as Partial<TCaseDetail>);
      },
      'owner.cases.addNote': (input) =>
        apply({
          timeline: [
            ...current.timeline,
            caseEvent(99, { kind: 'note', text: (input as { text: string }).text, actorName: 'Asha Rao' }),
          ],
        }),
      ...more,
    },
    'Feedback inbox',
  );
  const drawer = await screen.findByRole('dialog', { name: `Case ${initial.id}` });
  await within(drawer).findByText(initial.message);
  return { app, drawer: within(drawer), apply };
}

describe('the case drawer', () => {
  it('shows the review, its branch, channel and due time, and calls or WhatsApps a customer who agreed', async () => {
    const { drawer } = await openCase(caseDetail(12, { businessId: 2, channel: 'request', overdue: true }));
    expect(drawer.getByText('Chai Point, Nashik')).toBeInTheDocument();
    expect(drawer.getByText('Review request')).toBeInTheDocument();
    expect(drawer.getByText('Overdue')).toBeInTheDocument();
    expect(drawer.getByText('First response due')).toBeInTheDocument();
    expect(drawer.getByRole('img', { name: '2 out of 5 stars' })).toBeInTheDocument();
    expect(drawer.getByRole('link', { name: DRAWER_TEXT.call })).toHaveAttribute('href', 'tel:+919876500012');
    const whatsApp = drawer.getByRole('link', { name: DRAWER_TEXT.whatsApp });
    expect(whatsApp).toHaveAttribute('href', 'https://wa.me/919876500012');
    expect(whatsApp).toHaveAttribute('rel', 'noopener noreferrer');
    expect(whatsAppLink('+91 98765-00012')).toBe('https://wa.me/919876500012');
  });

  it.each([
    ['without consent', { consent: false, consentAt: null }, CASE_TEXTS.noConsent],
    ['once it was withdrawn', { withdrawnAt: '2026-11-30T06:00:00.000Z' }, CASE_TEXTS.consentWithdrawn],
  ])('offers no call or WhatsApp %s, and says why no message can go', async (_, contact, reason) => {
    const blocked = caseDetail(13, {
      contact: { ...caseDetail(13).contact!, ...contact },
      reach: [{ channel: 'whatsapp', available: false, via: null, reason }],
    });
    const { drawer } = await openCase(blocked);
    expect(drawer.queryByRole('link', { name: DRAWER_TEXT.call })).toBeNull();
    expect(drawer.queryByRole('link', { name: DRAWER_TEXT.whatsApp })).toBeNull();
    // Once as the reply box's warning, once as the channel's reason.
    expect(drawer.getAllByText(reason)).toHaveLength(2);
    expect(drawer.getByText(REPLY_TEXT.noChannel)).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: REPLY_TEXT.send })).toBeNull();
  });

  it('starts and assigns (to someone of the branch, or to me) through owner.cases.update', async () => {
    const { app, drawer } = await openCase(caseDetail(14));
    await app.user.click(drawer.getByRole('button', { name: DRAWER_TEXT.start }));
    await waitFor(() => expect(drawer.getByText('In progress')).toBeInTheDocument());

    // The assignee list holds the people of the case's branch (branch 1: not Sita, staff of branch 2).
    const assignee = drawer.getByRole('combobox', { name: DRAWER_TEXT.assignee });
    await app.user.click(assignee);
    const options = document.getElementById(assignee.getAttribute('aria-controls') ?? '')!;
    expect(
      within(options)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual([DRAWER_TEXT.unassigned, 'Asha Rao', 'Vikram Manager']);
    await app.user.click(within(options).getByRole('option', { name: 'Vikram Manager', hidden: true }));
    await waitFor(() =>
      expect(app.server.callsTo('owner.cases.update').at(-1)?.input).toEqual({ id: 14, assigneeId: 32 }),
    );
    // The action bar's "Assign to me".
    await app.user.click(drawer.getByRole('button', { name: DRAWER_TEXT.assignToMe }));
    await waitFor(() =>
      expect(app.server.callsTo('owner.cases.update').at(-1)?.input).toEqual({ id: 14, assigneeId: ME }),
    );
    await waitFor(() => expect(drawer.queryByRole('button', { name: DRAWER_TEXT.assignToMe })).toBeNull());
    expect(app.server.callsTo('owner.cases.update').map((c) => c.input)[0]).toEqual({
      id: 14,
      status: 'in_progress',
    });
  });

  it('changes the outcome of a resolved case, and reopens it', async () => {
    const { app, drawer } = await openCase(
      caseDetail(15, { status: 'resolved', outcome: 'no_reply', resolvedAt: '2026-11-30T08:00:00.000Z' }),
    );
    const outcome = drawer.getByRole('combobox', { name: DRAWER_TEXT.outcome });
    await app.user.click(outcome);
    await app.user.click(await screen.findByRole('option', { name: 'Recovered', hidden: true }));
    await waitFor(() =>
      expect(app.server.callsTo('owner.cases.update').at(-1)?.input).toEqual({
        id: 15,
        outcome: 'recovered',
      }),
    );
    await app.user.click(drawer.getByRole('button', { name: DRAWER_TEXT.reopen }));
    await waitFor(() =>
      expect(app.server.callsTo('owner.cases.update').at(-1)?.input).toEqual({ id: 15, status: 'reopened' }),
    );
  });

  it('adds an internal note to the timeline', async () => {
    const { app, drawer } = await openCase(caseDetail(16));
    const add = drawer.getByRole('button', { name: DRAWER_TEXT.addNote });
    expect(add).toBeDisabled();
    await fill(app.user, drawer.getByRole('textbox', { name: DRAWER_TEXT.noteLabel }), 'Called, no answer');
    await app.user.click(add);
    await waitFor(() =>
      expect(app.server.callsTo('owner.cases.addNote')[0]?.input).toEqual({
        id: 16,
        text: 'Called, no answer',
      }),
    );
    expect(await drawer.findByText('Asha Rao added a note')).toBeInTheDocument();
    expect(drawer.getByRole('textbox', { name: DRAWER_TEXT.noteLabel })).toHaveValue('');
  });

  it('replies in the customer’s language from a template on an available channel, and shows why others are not', async () => {
    const sent: TInput[] = [];
    const { app, drawer } = await openCase(caseDetail(17), {
      'owner.cases.sendMessage': (input) => {
        sent.push(input as TInput);
        return caseDetail(17, {
          timeline: [
            caseEvent(1),
            caseEvent(2, {
              kind: 'message_out',
              channel: 'whatsapp',
              delivery: 'queued',
              messageKind: 'reply',
              text: (input as { text: string }).text,
              actorName: 'Asha Rao',
            }),
          ],
        });
      },
    });
    // Templates in the customer's page language (Hindi).
    await waitFor(() =>
      expect(app.server.callsTo('owner.cases.replyTemplates')[0]?.input).toEqual({ language: 'hi' }),
    );
    const channels = drawer.getByRole('radiogroup', { name: REPLY_TEXT.channel });
    expect(within(channels).getByRole('radio', { name: 'WhatsApp' })).toBeChecked();
    expect(within(channels).getByRole('radio', { name: 'SMS' })).toBeDisabled();
    expect(
      drawer.getByText('No SMS sender is set up. Add your DLT sender in Settings > WhatsApp and SMS.'),
    ).toBeInTheDocument();
    expect(drawer.getByText('The customer left no email address.')).toBeInTheDocument();
    expect(drawer.getByText(REPLY_TEXT.viaPlatform)).toBeInTheDocument();

    const send = drawer.getByRole('button', { name: REPLY_TEXT.send });
    expect(send).toBeDisabled();
    await app.user.click(drawer.getByRole('combobox', { name: REPLY_TEXT.template }));
    await app.user.click(await screen.findByRole('option', { name: 'Apology', hidden: true }));
    const text = drawer.getByRole('textbox', { name: REPLY_TEXT.message });
    expect(text).toHaveValue(hindiTemplates.templates[0]!.text);
    expect(
      drawer.getByText(REPLY_TEXT.counter(hindiTemplates.templates[0]!.text.length, 1000)),
    ).toBeInTheDocument();
    await app.user.click(send);
    await waitFor(() =>
      expect(sent).toEqual([
        { id: 17, channel: 'whatsapp', kind: 'reply', text: hindiTemplates.templates[0]!.text },
      ]),
    );
    expect(await drawer.findByText('Asha Rao replied by WhatsApp')).toBeInTheDocument();
    expect(drawer.getByText('queued')).toBeInTheDocument();
    expect(text).toHaveValue('');
    expect(await screen.findByText(DRAWER_TEXT.sent)).toBeInTheDocument();
  });

  it('shows a refused send’s message and keeps the text', async () => {
    const { app, drawer } = await openCase(caseDetail(18), {
      'owner.cases.sendMessage': failsWith('BAD_REQUEST', CASE_TEXTS.incentiveRefused),
    });
    const text = drawer.getByRole('textbox', { name: REPLY_TEXT.message });
    await fill(app.user, text, 'Change your review and get a free meal');
    await app.user.click(drawer.getByRole('button', { name: REPLY_TEXT.send }));
    expect(await screen.findByText(CASE_TEXTS.incentiveRefused)).toBeInTheDocument();
    expect(text).toHaveValue('Change your review and get a free meal');
  });

  it('holds an SMS to its shorter limit', async () => {
    const { app, drawer } = await openCase(
      caseDetail(19, { reach: [{ channel: 'sms', available: true, via: 'own', reason: null }] }),
    );
    expect(drawer.getByText(REPLY_TEXT.viaOwn)).toBeInTheDocument();
    const text = drawer.getByRole('textbox', { name: REPLY_TEXT.message });
    await fill(app.user, text, 'x'.repeat(CASE_SMS_MAX + 1));
    expect(drawer.getByText(CASE_TEXTS.smsTooLong)).toBeInTheDocument();
    expect(drawer.getByText(REPLY_TEXT.counter(CASE_SMS_MAX + 1, CASE_SMS_MAX))).toBeInTheDocument();
    expect(drawer.getByRole('button', { name: REPLY_TEXT.send })).toBeDisabled();
  });

  it('offers the one invitation to review publicly only on a resolved case not yet invited', async () => {
    const open = await openCase(caseDetail(20, { status: 'in_progress' }));
    expect(open.drawer.queryByRole('button', { name: REPLY_TEXT.invite })).toBeNull();
  });

  it('sends the invitation once the case is resolved, and then says it was sent', async () => {
    const resolved = caseDetail(21, {
      status: 'resolved',
      outcome: 'not_recovered',
      resolvedAt: '2026-11-30T08:00:00.000Z',
    });
    const { app, drawer } = await openCase(resolved, {
      'owner.cases.sendMessage': (input) => {
        expect(input).toEqual({ id: 21, channel: 'whatsapp', kind: 'invitation', text: '' });
        return { ...resolved, invitationSent: true };
      },
    });
    await app.user.click(drawer.getByRole('button', { name: REPLY_TEXT.invite }));
    expect(await drawer.findByText(REPLY_TEXT.invited)).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: REPLY_TEXT.invite })).toBeNull();
    expect(app.server.callsTo('owner.cases.sendMessage')).toHaveLength(1);
  });

  it('says so when the customer left no contact', async () => {
    const { drawer } = await openCase(caseDetail(22, { contact: null, contactPresent: false, reach: [] }));
    expect(drawer.getByText(CASE_TEXTS.noContact)).toBeInTheDocument();
    expect(drawer.getByRole('button', { name: DRAWER_TEXT.reply })).toBeDisabled();
  });

  it('says a case out of reach was not found, with Retry', async () => {
    await renderOwner(
      '/dashboard/inbox?case=404',
      {
        'owner.account.get': () => accountAnswer,
        'owner.cases.assignees': () => assigneesAnswer,
        'owner.cases.list': () => casesAnswer([]),
        'owner.cases.get': failsWith('NOT_FOUND', CASE_TEXTS.notFound),
      },
      'Feedback inbox',
    );
    const drawer = within(await screen.findByRole('dialog', { name: 'Case 404' }));
    expect(await drawer.findByText(`Error: ${CASE_TEXTS.notFound}`)).toBeInTheDocument();
    expect(drawer.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
