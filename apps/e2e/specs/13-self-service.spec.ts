import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { adminToken, api } from '../lib/api.ts';
import { launch, newPage, PHONE } from '../lib/browser.ts';

/**
 * Issue 34 item 3, on a phone (390x844): the owner fixes the review link and renames the business
 * code after the warning; the printed QR code (the old /review/{code}) still lands on the page,
 * now at the new code.
 */

const RUN = Date.now().toString(36);
const PHONE_NUMBER = `93${String(Date.now() % 1e8).padStart(8, '0')}`;
const OLD_CODE = `self-${RUN}`;
const NEW_CODE = `self-${RUN}-new`;
const BUSINESS = `Self Serve Dosa ${RUN}`;
const PASSWORD = 'self-serve-2026';

describe('self-service: the owner edits the business and changes its code', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
    const onboarded = await api<{ users: { id: number; setPasswordUrl: string }[] }>(
      'POST',
      '/api/admin/onboard',
      {
        branches: [
          {
            name: 'Self Serve Owner',
            contactNumber: PHONE_NUMBER,
            businessName: BUSINESS,
            code: OLD_CODE,
            reviewLink: 'https://www.google.com/search?q=wrong+link',
            state: 'Karnataka',
            city: 'Bengaluru',
            subscriptionDuration: 1,
          },
        ],
        payment: {
          amount: 3000,
          paymentMethod: 'cash',
          email: `self-${RUN}@example.in`,
          notes: 'e2e self-service',
        },
        oneAccount: false,
        plan: 'Essential',
      },
      await adminToken(),
    );
    assert.equal(onboarded.status, 201, JSON.stringify(onboarded.body));
    const token = new URL(onboarded.body.users[0]!.setPasswordUrl).hash.replace('#token=', '');
    const set = await api('POST', '/api/users/set-password', {
      token: decodeURIComponent(token),
      password: PASSWORD,
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
  });
  after(async () => {
    await browser?.close();
  });

  it('fixes the review link, changes the code after the warning, and the old QR code lands on the new page', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await page.goto('/login');
    await page.getByLabel(/^Phone number/).fill(PHONE_NUMBER);
    await page
      .getByLabel(/^Password/)
      .first()
      .fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/dashboard/profile');
    await page.getByRole('heading', { name: 'Business Profile' }).waitFor();

    // The review link: a Google search page is refused, the review form's link is saved.
    await page.getByRole('button', { name: 'Edit details' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit business details' });
    await edit.getByText(/Ask for reviews/).waitFor();
    const link = edit.getByRole('textbox', { name: 'Review link' });
    await link.fill('https://www.google.com/search?q=self+serve+dosa');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText(/doesn't open your review form/).waitFor();
    await link.fill('https://g.page/r/SelfServeDosa/review');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'https://g.page/r/SelfServeDosa/review' }).waitFor();

    // The code: the warning first, then the change.
    await page.getByRole('button', { name: 'Change business code' }).click();
    const change = page.getByRole('dialog', { name: 'Change your business code' });
    await change.getByRole('textbox', { name: 'New business code' }).fill(NEW_CODE);
    await change
      .getByText(`QR codes and links already printed with /review/${OLD_CODE} keep working`, { exact: false })
      .waitFor();
    await change.getByRole('button', { name: 'Change code' }).click();
    await change.getByText('Confirm that you want to change your business code').waitFor();
    await change.getByRole('checkbox').check();
    await change.getByRole('button', { name: 'Change code' }).click();
    await change.waitFor({ state: 'detached' });
    await page.getByText(`Old code ${OLD_CODE} forwards here.`).waitFor();
    await page.getByText(NEW_CODE, { exact: true }).first().waitFor();
    await context.close();

    // A customer scans the printed QR code (the old address) on a phone: the new page opens.
    const customer = await newPage(browser, { viewport: PHONE });
    const response = await customer.page.goto(`/review/${OLD_CODE}`);
    assert.ok(response, 'the review page answered');
    assert.equal(new URL(customer.page.url()).pathname, `/review/${NEW_CODE}`);
    const redirect = response.request().redirectedFrom();
    assert.ok(redirect, 'the old address redirected');
    assert.equal((await redirect.response())?.status(), 308);
    await customer.page.getByText(BUSINESS).first().waitFor();
    await customer.context.close();

    // Nobody else can take the old code.
    const check = await api<{ available: boolean }>('GET', `/api/users/code-available/${OLD_CODE}`);
    assert.equal(check.body.available, false);
  });
});
