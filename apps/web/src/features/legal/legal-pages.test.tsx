import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render-with-router.tsx';

describe('/terms', () => {
  it('states every term of the spec', async () => {
    await renderWithRouter({ path: '/terms' });
    const main = await screen.findByRole('main');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    const text = main.textContent ?? '';

    for (const term of [
      'at least 18 years old',
      'One account per business',
      'billed monthly in advance, in Indian Rupees (INR), and exclude applicable taxes',
      'no refunds or credits for partial months, for unused time',
      "at least 30 days' notice",
      'We aim for 99.9% uptime',
      '30-day data export window',
      'capped at the amount you paid us in the last 12 months',
      'governed by the laws of India',
      'courts of Pune',
    ]) {
      expect(text).toContain(term);
    }
  });
});

describe.each(['/privacy-policy', '/privacy'])('%s', (path) => {
  it('covers data collected, use, security, user rights, data sharing and cookies', async () => {
    await renderWithRouter({ path });
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });

    for (const title of [
      /Data we collect/,
      /How we use it/,
      /How we protect it/,
      /Your rights/,
      /Data sharing/,
      /Cookies and local storage/,
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
  });

  it('states closure, the retention defaults and the grievance officer (issue 35)', async () => {
    await renderWithRouter({
      path,
      handlers: {
        'public.privacy.grievanceOfficer': () => ({
          name: 'Asha Rao',
          email: 'grievance@starloop.in',
          phone: '+918041234567',
        }),
      },
    });
    await screen.findByRole('heading', {
      level: 2,
      name: /Closing your account, retention periods and grievances/,
    });
    const main = screen.getByRole('main');
    for (const term of [
      'For 30 days the owners can still sign in and export the data',
      '7 days and 1 day before it is erased',
      'keep for 8 years from the end of the financial year',
      'are kept 365 days, and feedback text 3 years',
      'Security and audit logs are kept for at least one year.',
    ]) {
      expect(main.textContent?.replace(/\s+/g, ' ')).toContain(term);
    }
    expect(await screen.findByText(/Our grievance officer is Asha Rao/)).toHaveTextContent(
      'grievance@starloop.in or call +918041234567',
    );
  });
});
