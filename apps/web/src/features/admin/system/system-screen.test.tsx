import type { TJobFailure, TOutboxEmail } from '@starloop/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format.ts';
import { trpcError } from '../../../test/fake-trpc.ts';
import { plainAdmin } from '../test/admin-fixtures.ts';
import { page, renderAdmin, useCleanToasts } from '../test/admin-test-utils.tsx';
import { SYSTEM_TEXTS } from './system-screen.tsx';

const PATH = '/admin-dashboard/system';
const ADMIN = plainAdmin();

const failure = (id: number, overrides: Partial<TJobFailure> = {}): TJobFailure => ({
  id,
  queue: 'review-reply',
  jobId: `job-${id}`,
  attempts: 3,
  error: 'connect ECONNREFUSED 127.0.0.1:587',
  data: { reviewId: id },
  failedAt: '2026-11-24T08:30:00.000Z',
  ...overrides,
});

const mail = (id: number, overrides: Partial<TOutboxEmail> = {}): TOutboxEmail => ({
  id,
  toAddress: `owner${id}@example.com`,
  subject: 'Set your StarLoop password',
  textBody: 'Open https://starloop.in/set-password#token=[hidden]',
  status: 'sent',
  error: null,
  category: 'onboarding',
  createdAt: '2026-11-24T09:00:00.000Z',
  sentAt: '2026-11-24T09:00:05.000Z',
  ...overrides,
});

/** The cells of each body row of the named table. */
function cells(name: string) {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('System: failed jobs and the mail outbox', { timeout: 15_000 }, () => {
  useCleanToasts();

  it('lists failed jobs (queue, error, attempts, when) and mails (recipient, subject, status, reason, when)', async () => {
    const app = await renderAdmin(
      PATH,
      {
        'admin.auth.me': () => ADMIN,
        'admin.jobs.failures': () => ({
          failures: [failure(7, { queue: 'mail-send', attempts: 5 }), failure(6)],
          total: 2,
        }),
        'admin.outbox.list': () => ({
          emails: [
            mail(11, { status: 'failed', error: 'Recipient address rejected', sentAt: null }),
            mail(10),
          ],
        }),
      },
      SYSTEM_TEXTS.title,
    );
    await page().findByText('mail-send');

    expect(cells(SYSTEM_TEXTS.jobsTitle)).toEqual([
      ['mail-send', 'connect ECONNREFUSED 127.0.0.1:587', '5', formatDateTime('2026-11-24T08:30:00.000Z')],
      ['review-reply', 'connect ECONNREFUSED 127.0.0.1:587', '3', formatDateTime('2026-11-24T08:30:00.000Z')],
    ]);
    await page().findByText('owner11@example.com');
    expect(cells(SYSTEM_TEXTS.outboxTitle)).toEqual([
      [
        'owner11@example.com',
        'Set your StarLoop password',
        'failed',
        'Recipient address rejected',
        formatDateTime('2026-11-24T09:00:00.000Z'),
      ],
      [
        'owner10@example.com',
        'Set your StarLoop password',
        'sent',
        '-',
        formatDateTime('2026-11-24T09:00:05.000Z'),
      ],
    ]);
    // The newest 50 of each, no paging.
    expect(app.server.callsTo('admin.jobs.failures')[0]?.input).toEqual({ limit: 50 });
    expect(app.server.callsTo('admin.outbox.list')[0]?.input).toEqual({ limit: 50 });
  });

  it('says when nothing failed and nothing was sent, and how many failures are not shown', async () => {
    await renderAdmin(
      PATH,
      {
        'admin.auth.me': () => ADMIN,
        'admin.jobs.failures': () => ({ failures: [failure(1)], total: 120 }),
        'admin.outbox.list': () => ({ emails: [] }),
      },
      SYSTEM_TEXTS.title,
    );
    expect(await page().findByText(SYSTEM_TEXTS.outboxEmpty)).toBeInTheDocument();
    expect(page().getByText('The newest 1 of 120.')).toBeInTheDocument();
  });

  it('shows a failed load with Retry, per section', async () => {
    let fail = true;
    const app = await renderAdmin(
      PATH,
      {
        'admin.auth.me': () => ADMIN,
        'admin.jobs.failures': () => {
          if (fail) throw trpcError('INTERNAL_SERVER_ERROR', 'Something went wrong');
          return { failures: [], total: 0 };
        },
        'admin.outbox.list': () => ({ emails: [mail(1)] }),
      },
      SYSTEM_TEXTS.title,
    );
    expect(await page().findByText(SYSTEM_TEXTS.jobsFailed)).toBeInTheDocument();
    expect(await page().findByText('owner1@example.com')).toBeInTheDocument();
    fail = false;
    await app.user.click(page().getByRole('button', { name: 'Retry' }));
    expect(await page().findByText(SYSTEM_TEXTS.jobsEmpty)).toBeInTheDocument();
  });

  it('is in the sidebar of any admin', async () => {
    await renderAdmin('/admin-dashboard/account', { 'admin.auth.me': () => ADMIN }, 'My Account');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'System' })).toHaveAttribute('href', PATH);
  });
});
