import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { api, DEMO } from '../lib/api.ts';
import { launch, newPage } from '../lib/browser.ts';

const who = DEMO.essentialOwner;

describe('owner: sign in, dashboard, QR, plan, settings, logout', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('does the whole owner journey', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Phone number is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel(/^Phone number/).fill('12345');
    await page
      .getByLabel(/^Password/)
      .first()
      .fill('123');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Enter a valid 10-digit phone number').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await page.getByLabel(/^Phone number/).fill(who.phone);
    await page
      .getByLabel(/^Password/)
      .first()
      .fill(who.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: /^Hi, / }).waitFor();

    // Dashboard: server paging and search.
    // The dashboard has other tables (By placement); the paging is Recent Reviews'.
    const recentReviews = page.getByRole('region', { name: 'Recent Reviews' });
    const firstRow = await recentReviews.locator('tbody tr').first().textContent();
    await recentReviews.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForFunction(
      (before) =>
        document.querySelector('[aria-labelledby="recent-reviews-title"] tbody tr')?.textContent !== before,
      firstRow,
    );
    await page.getByLabel('Search reviews').fill('bekar');
    await page.getByText('Service bekar thi').first().waitFor();
    await page.getByLabel('Search reviews').fill('zzzz-nothing-matches');
    await page.getByText('No reviews found matching your search.').waitFor();

    // Profile: the QR code downloads as a PNG named after the business.
    await page.goto('/dashboard/profile');
    await page.getByRole('heading', { name: 'Business Profile' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download QR Code' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'spice_garden-qr-code.png');
    const file = await download.path();
    const bytes = readFileSync(file);
    assert.deepEqual(
      [...bytes.subarray(0, 8)],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      'a PNG file',
    );

    // Plan: renew through the test gateway.
    await page.goto('/dashboard/plan');
    await page.getByRole('heading', { name: 'Subscription Plan' }).waitFor();
    const periodBefore = await page.getByText(/ – /).first().textContent();
    await page.getByRole('button', { name: 'Renew' }).click();
    const dialog = page.getByRole('dialog', { name: /Test payment/ });
    await dialog.waitFor();
    // The toasts' container loads on the page's first tap (Renew, here), and the test gateway
    // confirms at once: the "processing" toast is replaced within a moment, so it is looked for
    // once the container is in (a real checkout takes seconds).
    await page.locator('.mantine-Notifications-root').first().waitFor({ state: 'attached' });
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await page.getByText('Payment processing... please wait for confirmation.').first().waitFor();
    await page.waitForFunction((before) => {
      const el = [...document.querySelectorAll('*')].find(
        (e) => / – /.test(e.textContent ?? '') && e.children.length === 0,
      );
      return el && el.textContent !== before;
    }, periodBefore);

    // Settings: "Open to everyone" shows both choices on the review page.
    await page.goto('/dashboard/settings');
    await page.getByLabel(/Open to everyone/).check();
    await page.getByText('Saved').first().waitFor();
    const link = await api<{ reviewFlow: string }>('GET', `/api/users/review-link/${who.code}`);
    assert.equal(link.body.reviewFlow, 'open');
    const customer = await newPage(browser);
    await customer.page.goto(`/review/${who.code}`);
    await customer.page.getByRole('button', { name: 'Rate 5 stars' }).click();
    await customer.page.getByLabel('Tell us about your experience').waitFor();
    await customer.context.close();
    await page.getByLabel(/Smart routing/).check();

    // Logout revokes the token and returns to /login.
    const token = await page.evaluate(() => window.localStorage.getItem('authToken'));
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/login');
    const me = await api('GET', '/api/users/me', undefined, token ?? '');
    assert.equal(me.status, 401);
    await context.close();
  });
});
