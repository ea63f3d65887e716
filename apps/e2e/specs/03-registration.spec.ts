import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminToken, api } from '../lib/api.ts';
import { launch, newPage } from '../lib/browser.ts';

async function pick(page: Page, input: Locator, option: string) {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('registration: form, plan, test-gateway payment', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('validates, then cancel, failure and success of the test payment', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Continue to plan' }).click();
    for (const message of [
      'Full name is required',
      'Email is required',
      'Business name is required',
      'Business code is required',
      'Sales representative name is required',
      'State is required',
      'City is required',
      'You must accept terms',
    ]) {
      await page.getByText(message).first().waitFor();
    }

    const suffix = Date.now().toString().slice(-7);
    const form = page.getByRole('form', { name: 'Registration form' });
    await form.getByLabel(/^Full name/).fill('Rohan Mehta');
    await form.getByLabel(/^Email/).fill('not-an-email');
    await form.getByLabel(/^Phone number/).fill('12345');
    await page.getByRole('button', { name: 'Continue to plan' }).click();
    await page.getByText('Enter valid email').first().waitFor();
    await page.getByText('Enter valid 10-digit phone').first().waitFor();

    await form.getByLabel(/^Email/).fill('rohan@example.in');
    await form.getByLabel(/^Phone number/).fill(`961${suffix}`);
    await form.getByLabel(/^Business name/).fill('Mehta Sweets');
    await form.getByLabel(/^Business code/).fill(`mehta-${suffix}`);
    await page.getByText('This business code is available').waitFor();
    await form.getByLabel(/^Business review URL/).fill('https://g.page/r/mehta-sweets');
    await form.getByLabel(/^Sales representative name/).fill('Vikram Rao');
    await pick(page, form.getByRole('combobox', { name: /^State/ }), 'Maharashtra');
    const city = form.getByRole('combobox', { name: /^City/ });
    await pick(page, city, 'Pune');
    // Changing the state clears the city.
    await pick(page, form.getByRole('combobox', { name: /^State/ }), 'Karnataka');
    assert.equal(await city.inputValue(), '');
    await pick(page, city, 'Bengaluru');
    await form.getByLabel(/^Password/).fill('chai-point-2026');
    await form.getByLabel(/^Confirm password/).fill('chai-point-2026');
    await form.getByRole('radio', { name: /Essential/ }).check();
    await form.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Continue to plan' }).click();
    await page
      .getByRole('button', { name: /^(Choose Essential|Essential selected)$/ })
      .first()
      .waitFor();

    const pay = page.getByRole('button', { name: /^Pay ₹1,999/ }).first();
    await pay.click();
    let dialog = page.getByRole('dialog', { name: /Test payment/ });
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByText('Payment cancelled').first().waitFor();

    await pay.click();
    dialog = page.getByRole('dialog', { name: /Test payment/ });
    await dialog.getByRole('button', { name: 'Fail', exact: true }).click();
    await page
      .getByText(/^Payment failed: /)
      .first()
      .waitFor();

    await pay.click();
    dialog = page.getByRole('dialog', { name: /Test payment/ });
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await page.getByText('Payment processing... please wait for confirmation.').first().waitFor();
    await page.waitForURL('**/dashboard');
    assert.ok(await page.evaluate(() => window.localStorage.getItem('authToken')), 'signed in');
    await page.getByRole('heading', { name: 'Hi, Rohan Mehta' }).waitFor();
    await context.close();
  });

  it('registers with a GSTIN, pays GST on top, and downloads its tax invoice', async () => {
    // The operator's billing profile: without it no invoice is issued.
    const profile = await api(
      'PUT',
      '/api/admin/billing-profile',
      {
        legalName: 'StarLoop Technologies Private Limited',
        address: 'Baner Road, Pune 411045',
        state: 'Maharashtra',
        gstin: '27AAPFU0939F1ZV',
        pan: 'AAPFU0939F',
        sac: '998315',
        seriesPrefix: 'SL',
        signatory: 'Asha Rao',
      },
      await adminToken(),
    );
    assert.equal(profile.status, 200, JSON.stringify(profile.body));

    const { context, page } = await newPage(browser);
    await page.goto('/register');
    const suffix = Date.now().toString().slice(-7);
    const form = page.getByRole('form', { name: 'Registration form' });
    await form.getByLabel(/^Full name/).fill('Kavya Reddy');
    await form.getByLabel(/^Email/).fill('kavya@example.in');
    await form.getByLabel(/^Phone number/).fill(`962${suffix}`);
    await form.getByLabel(/^Business name/).fill('Reddy Opticals');
    await form.getByLabel(/^Business code/).fill(`reddy-${suffix}`);
    await page.getByText('This business code is available').waitFor();
    await form.getByLabel(/^Business review URL/).fill('https://g.page/r/reddy-opticals');
    await form.getByLabel(/^Sales representative name/).fill('Direct');
    await pick(page, form.getByRole('combobox', { name: /^State/ }), 'Karnataka');
    await pick(page, form.getByRole('combobox', { name: /^City/ }), 'Bengaluru');
    await form.getByLabel(/^Password/).fill('reddy-optical-2026');
    await form.getByLabel(/^Confirm password/).fill('reddy-optical-2026');
    await form.getByRole('radio', { name: /Essential/ }).check();
    await form.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Continue to plan' }).click();

    await page.getByRole('checkbox', { name: /I need a GST invoice/ }).check();
    await page.getByLabel(/^Legal name/).fill('Reddy Opticals LLP');
    await page.getByLabel(/^Billing address/).fill('12 MG Road, Bengaluru 560001');
    await pick(page, page.getByRole('combobox', { name: /^State/ }).last(), 'Karnataka');
    await page.getByLabel(/^GSTIN/).fill('29AABCT1332L1ZA');
    await page
      .getByRole('button', { name: /^Pay ₹1,999/ })
      .first()
      .click();
    // Karnataka is another state than the operator's: IGST on top of the price.
    const dialog = page.getByRole('dialog', { name: /Test payment/ });
    await dialog.getByText('IGST 18%: ₹359.82').waitFor();
    await dialog.getByRole('button', { name: 'Pay ₹2,358.82' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/dashboard/plan');
    const invoices = page.getByRole('region', { name: 'Invoices' });
    const number = invoices.getByText(/^SL\/\d{4}\/\d{6}$/);
    await number.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      invoices.getByRole('button', { name: /^PDF SL\// }).click(),
    ]);
    const file = await download.path();
    const { readFileSync } = await import('node:fs');
    assert.equal(readFileSync(file).subarray(0, 5).toString(), '%PDF-');
    assert.match(download.suggestedFilename(), /^SL-\d{4}-\d{6}\.pdf$/);
    await context.close();
  });
});
