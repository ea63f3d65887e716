import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
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
});
