import type { TAdminOverview } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failsWith, trpcError } from '../../../test/fake-trpc.ts';
import { meta, page, renderAdmin, useCleanToasts } from '../test/admin-test-utils.tsx';

const PATH = '/admin-dashboard';
const TITLE = 'Dashboard Overview';

const overview: TAdminOverview = {
  success: true,
  stats: {
    totalUsers: 1234,
    revenue: { total: 123456.5, razorpay: 100000.5, manual: 23456 },
    totalReviews: 5678,
    averageRating: 4.26,
    lowRatingCount: 321,
    highRatingCount: 5357,
    manualOnboardedUsers: 42,
    users: {
      total: 1240,
      newThisMonth: 17,
      withReviews: 900,
      referred: 300,
      active: 1100,
      pending: 120,
      inactive: 14,
      deleted: 6,
      manualOnboarded: 42,
    },
  },
  charts: {
    revenueByMonth: [{ month: '2026-10', razorpay: 5000, manual: 2000 }],
    reviewsByMonth: [{ month: '2026-10', count: 50 }],
  },
};

const activity = () => ({
  success: true,
  activities: [
    {
      type: 'user',
      message: 'Asha Cafe registered',
      code: 'asha-cafe',
      createdAt: '2026-11-02T09:30:00.000Z',
    },
    { type: 'payment', message: 'Payment captured', code: null, createdAt: '2026-11-01T09:30:00.000Z' },
  ],
  meta: meta(2),
});

const card = (label: string) => screen.getByRole('region', { name: label });

describe('Admin overview', { timeout: 15_000 }, () => {
  useCleanToasts();

  it('shows the stat cards of section 3 from the answer', async () => {
    await renderAdmin(
      PATH,
      { 'admin.overview.stats': () => overview, 'admin.overview.activity': activity },
      TITLE,
    );
    await waitFor(() => expect(card('Total Users')).toHaveTextContent('1,234'));
    expect(card('Total Users')).toHaveTextContent('17 new this month');
    expect(card('Total Revenue')).toHaveTextContent('₹1,23,456.50');
    expect(card('Total Revenue')).toHaveTextContent('Razorpay ₹1,00,000.50 · Manual ₹23,456.00');
    expect(card('Total Reviews')).toHaveTextContent('5,678');
    expect(card('Average Rating')).toHaveTextContent('4.3');
    expect(card('High Ratings (4-5)')).toHaveTextContent('5,357');
    expect(card('Low Ratings (1-3)')).toHaveTextContent('321');
    expect(card('Manual Onboarded Users')).toHaveTextContent('42');
    expect(screen.getByRole('heading', { name: 'Revenue by month' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reviews by month' })).toBeInTheDocument();
  });

  it('separates revenue before GST from the GST collected, and shows MRR and renewals due', async () => {
    await renderAdmin(
      PATH,
      {
        'admin.overview.stats': () => ({
          ...overview,
          billing: {
            revenueBeforeTax: 100000,
            gstCollected: 18000,
            mrr: 59970,
            payingBranches: 30,
            renewalsDue: 4,
          },
        }),
        'admin.overview.activity': activity,
      },
      TITLE,
    );
    await waitFor(() => expect(card('Revenue Before GST')).toHaveTextContent('₹1,00,000.00'));
    expect(card('Revenue Before GST')).toHaveTextContent('GST collected ₹18,000.00');
    expect(card('MRR')).toHaveTextContent('₹59,970.00');
    expect(card('MRR')).toHaveTextContent('30 paying branches · 4 renewals due in 30 days');
  });

  it('lists the recent activity', async () => {
    const app = await renderAdmin(
      PATH,
      { 'admin.overview.stats': () => overview, 'admin.overview.activity': activity },
      TITLE,
    );
    const list = screen.getByRole('region', { name: 'Recent Activity' });
    expect(await within(list).findByText('Asha Cafe registered')).toBeInTheDocument();
    expect(within(list).getByText('asha-cafe')).toBeInTheDocument();
    expect(app.server.callsTo('admin.overview.activity')[0]?.input).toEqual({ page: 1, limit: 10 });
  });

  it('on failure: toast, No Data Available panel, and Retry loads again', async () => {
    let fail = true;
    const app = await renderAdmin(
      PATH,
      {
        'admin.overview.stats': () => {
          if (fail) throw trpcError('INTERNAL_SERVER_ERROR');
          return overview;
        },
        'admin.overview.activity': activity,
      },
      TITLE,
    );
    expect(await screen.findByText('Failed to fetch overview data')).toBeInTheDocument();
    expect(page().getByRole('heading', { name: 'No Data Available' })).toBeInTheDocument();
    fail = false;
    await app.user.click(page().getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(card('Total Users')).toHaveTextContent('1,234'));
    expect(page().queryByText('No Data Available')).toBeNull();
  });

  describe('Export Reports', () => {
    async function openModal(handlers = {}) {
      const app = await renderAdmin(
        PATH,
        { 'admin.overview.stats': () => overview, 'admin.overview.activity': activity, ...handlers },
        TITLE,
      );
      await app.user.click(page().getByRole('button', { name: 'Export Reports' }));
      const dialog = await screen.findByRole('dialog', { name: 'Export Reports' });
      return { app, dialog };
    }

    it('asks for both the type and the email, then a valid email', async () => {
      const { app, dialog } = await openModal();
      await app.user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Please provide email and select report type',
      );

      await app.user.selectOptions(within(dialog).getByLabelText('Report type'), 'payments');
      await app.user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
      await app.user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid email address');
      expect(app.server.callsTo('admin.reports.export')).toHaveLength(0);
    });

    it("the banner says the first field's message; editing a field clears that field's", async () => {
      const { app, dialog } = await openModal();
      await app.user.type(within(dialog).getByLabelText('Email'), 'ops@');
      await app.user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Please provide email and select report type',
      );

      await app.user.selectOptions(within(dialog).getByLabelText('Report type'), 'reviews');
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid email address');
      await app.user.type(within(dialog).getByLabelText('Email'), 'starloop.in');
      expect(within(dialog).queryByRole('alert')).toBeNull();
      expect(app.server.callsTo('admin.reports.export')).toHaveLength(0);
    });

    it('sends the report and shows the server message', async () => {
      const { app, dialog } = await openModal({
        'admin.reports.export': () => ({
          success: true,
          message: 'payments report will be emailed to a@b.co',
        }),
      });
      await app.user.selectOptions(within(dialog).getByLabelText('Report type'), 'payments');
      await app.user.type(within(dialog).getByLabelText('Email'), 'A@B.co');
      await app.user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
      expect(await screen.findByText('payments report will be emailed to a@b.co')).toBeInTheDocument();
      expect(app.server.callsTo('admin.reports.export')[0]?.input).toEqual({
        type: 'payments',
        email: 'a@b.co',
      });
    });

    it("falls back to '{type} report sent to {email}'", async () => {
      const { app, dialog } = await openModal({
        'admin.reports.export': () => ({ success: true, message: '' }),
      });
      await app.user.selectOptions(within(dialog).getByLabelText('Report type'), 'manual-payments');
      await app.user.type(within(dialog).getByLabelText('Email'), 'ops@starloop.in');
      await app.user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
      expect(await screen.findByText('manual-payments report sent to ops@starloop.in')).toBeInTheDocument();
    });

    it('says when the export failed', async () => {
      const { app, dialog } = await openModal({ 'admin.reports.export': failsWith('INTERNAL_SERVER_ERROR') });
      await app.user.selectOptions(within(dialog).getByLabelText('Report type'), 'users');
      await app.user.type(within(dialog).getByLabelText('Email'), 'ops@starloop.in');
      await app.user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
      expect(await screen.findByText('Failed to export report. Please try again.')).toBeInTheDocument();
    });

    it('downloads a CSV with the admin token', async () => {
      const fetchMock = vi.fn(
        async () =>
          new Response('id,name\n1,Asha\n', {
            status: 200,
            headers: { 'content-disposition': 'attachment; filename="users-2026-11-05.csv"' },
          }),
      );
      vi.stubGlobal('fetch', fetchMock);
      const createObjectURL = vi.fn(() => 'blob:report');
      Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

      const { app, dialog } = await openModal();
      await app.user.selectOptions(within(dialog).getByLabelText('Report type'), 'users');
      await app.user.click(within(dialog).getByRole('button', { name: 'Download CSV' }));

      expect(await screen.findByText('Users report downloaded')).toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledWith('/api/reports/download?type=users&format=csv', {
        headers: { Authorization: 'Bearer admin-token' },
      });
      expect(createObjectURL).toHaveBeenCalled();
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('users-2026-11-05.csv');
    });

    it('needs a report type to download, and says when a download failed', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('nope', { status: 500 })),
      );
      const { app, dialog } = await openModal();
      await app.user.click(within(dialog).getByRole('button', { name: 'Download XLSX' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select report type');

      await app.user.selectOptions(within(dialog).getByLabelText('Report type'), 'agents');
      await app.user.click(within(dialog).getByRole('button', { name: 'Download XLSX' }));
      expect(await screen.findByText('Failed to download report. Please try again.')).toBeInTheDocument();
    });
  });
});
