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
});
