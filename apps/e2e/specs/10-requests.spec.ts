import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { adminToken, api, DEMO, ownerToken } from '../lib/api.ts';
import { launch, newPage, PHONE } from '../lib/browser.ts';

/**
 * Review requests: import 20 customers from a CSV, send them a campaign by email, open one
 * request's short link, leave 5 stars, and watch the campaign's figures move. The e2e server has
 * no SMTP: mail stays in the outbox, which counts as sent for email; the short link is read from
 * the outbox as an admin would see it.
 */

const RUN = Date.now().toString(36);
const COUNT = 20;
const emails = Array.from({ length: COUNT }, (_, i) => `e2e-${RUN}-${i}@example.in`);

function customersCsv(): string {
  const lines = ['Name,Mobile,Email,Consent'];
  emails.forEach((email, i) => {
    lines.push(
      `Guest ${i + 1},97${String(Date.now() % 1e6).padStart(6, '0')}${String(i).padStart(2, '0')},${email},yes`,
    );
  });
  return `${lines.join('\n')}\n`;
}

const trpcQuery = async <T>(path: string, input: unknown, token: string): Promise<T> => {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await api<{ result: { data: T } }>('GET', `/trpc/${path}${query}`, undefined, token);
  assert.equal(res.status, 200, `${path} answered ${res.status}`);
  return res.body.result.data;
};

/** A stat card's value on the page. */
const cardValue = (page: Page, label: string) =>
  page.getByRole('region', { name: label, exact: true }).getByTestId('stat-value');

describe('owner: review requests by email', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('imports 20 customers, sends a campaign, and a 5-star review through its link moves the figures', async () => {
    const token = await ownerToken(DEMO.owner);
    const { context, page } = await newPage(browser, { storage: { authToken: token } });
    await page.goto('/dashboard/requests');
    await page.getByRole('heading', { level: 1, name: 'Review Requests' }).waitFor();

    // Import: the file is checked first (nothing stored), then imported with a progress bar.
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import customers' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(customersCsv(), 'utf8'),
    });
    await dialog.getByRole('button', { name: 'Check file' }).click();
    await dialog.getByText('New customers').waitFor();
    await dialog.getByRole('button', { name: `Import ${COUNT} customers` }).click();
    await dialog.getByText(`Import finished: ${COUNT} added, 0 merged`).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByText(/^20 customers, 0 opted out$/).waitFor();

    // A campaign to everyone who can be asked, now.
    await page.getByRole('button', { name: 'New campaign' }).click();
    const campaign = page.getByRole('dialog', { name: 'New campaign' });
    await campaign.getByLabel('Campaign name').fill(`Thank you ${RUN}`);
    await campaign.getByRole('button', { name: 'Send campaign' }).click();
    await page.waitForURL(/\/dashboard\/requests\/campaigns\/\d+$/);
    await page.getByRole('heading', { name: `Thank you ${RUN}` }).waitFor();
    // The screen refreshes itself while the messages go out.
    await page.waitForFunction(
      () =>
        document.querySelector('section[aria-label="Sent"] [data-testid="stat-value"]')?.textContent === '20',
      undefined,
      { timeout: 30_000 },
    );
    assert.equal(await cardValue(page, 'Clicked').textContent(), '0');
    assert.equal(await cardValue(page, 'Reviewed').textContent(), '0');

    // One customer's mail, as the outbox keeps it: its own short link.
    const admin = await adminToken();
    const { emails: outbox } = await trpcQuery<{
      emails: { toAddress: string; textBody: string; category: string }[];
    }>('admin.outbox.list', { limit: 200 }, admin);
    const mail = outbox.find((m) => m.toAddress === emails[4]);
    assert.ok(mail, 'the request mail is in the outbox');
    assert.equal(mail.category, 'review-request');
    const link = /\/r\/([A-Za-z0-9]{10})\b/.exec(mail.textBody);
    assert.ok(link, 'the mail carries a short link');

    // The customer opens it on a phone: the review page, then 5 stars.
    const customer = await newPage(browser, { viewport: PHONE });
    await customer.context.route(/^https:\/\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: 'review site' }),
    );
    await customer.page.goto(`/r/${link[1]}`);
    await customer.page.waitForURL(new RegExp(`/review/${DEMO.owner.code}\\?p=${link[1]}$`));
    await customer.page.getByText('How was your experience?').waitFor();
    await customer.page.waitForLoadState('networkidle');
    await Promise.all([
      customer.context.waitForEvent('page'),
      customer.page.getByRole('button', { name: 'Rate 5 stars' }).click(),
    ]);
    await customer.context.close();

    // The figures move: one click, one review of 5 stars, on email.
    await page.waitForFunction(
      () =>
        document.querySelector('section[aria-label="Reviewed"] [data-testid="stat-value"]')?.textContent ===
        '1',
      undefined,
      { timeout: 30_000 },
    );
    assert.equal(await cardValue(page, 'Clicked').textContent(), '1');
    await page.getByRole('region', { name: 'Reviewed', exact: true }).getByText('Average 5.0').waitFor();
    const email = page.getByRole('table', { name: 'By channel' }).getByRole('row', { name: /^Email/ });
    await email.getByText('5★ 1').waitFor();

    // The dashboard counts it among the reviews from requests.
    await page.goto('/dashboard');
    await page
      .getByRole('region', { name: 'Reviews from requests' })
      .getByText(/from QR codes/)
      .waitFor();
    const summary = await trpcQuery<{ reviewsFromRequests: number }>(
      'owner.requests.summary',
      undefined,
      token,
    );
    assert.ok(summary.reviewsFromRequests >= 1);
    await context.close();
  });
});
