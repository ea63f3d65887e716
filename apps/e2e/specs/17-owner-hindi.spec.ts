import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { api, DEMO, ownerToken } from '../lib/api.ts';
import { launch, newPage, PHONE } from '../lib/browser.ts';
import { screenshot } from '../lib/screens.ts';

/**
 * The owner area in Hindi (issue 34 item 6): the owner switches on a phone; the choice survives a
 * reload and follows the person to another device (a fresh browser with only the sign-in token).
 */
describe('owner area in Hindi', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('switches to Hindi, stays Hindi after a reload and on another device, and back to English', async () => {
    const token = await ownerToken(DEMO.essentialOwner);
    const phone = await newPage(browser, { viewport: PHONE, storage: { authToken: token } });
    await phone.page.goto('/dashboard/profile');
    await phone.page.getByRole('heading', { level: 1, name: 'Business Profile' }).waitFor();
    await phone.page.getByText('हिन्दी', { exact: true }).click();
    await phone.page.getByRole('heading', { level: 1, name: 'बिज़नेस प्रोफ़ाइल' }).waitFor();
    assert.equal(await phone.page.locator('html').getAttribute('lang'), 'hi-IN');
    await phone.page.reload();
    await phone.page.getByRole('heading', { level: 1, name: 'बिज़नेस प्रोफ़ाइल' }).waitFor();
    // The dashboard in Hindi: greeting, what needs the owner now, the latest reviews (README).
    await phone.page
      .getByRole('navigation', { name: 'डैशबोर्ड' })
      .getByRole('link', { name: 'डैशबोर्ड' })
      .click();
    await phone.page.getByRole('heading', { level: 1, name: /^नमस्ते, / }).waitFor();
    await phone.page.getByText('हाल के रिव्यू').first().waitFor();
    await screenshot(phone.page, 'owner-dashboard-phone-hi');
    await phone.context.close();

    const desk = await newPage(browser, { storage: { authToken: token } });
    await desk.page.goto('/dashboard/plan');
    await desk.page.getByRole('heading', { level: 1, name: 'सब्सक्रिप्शन प्लान' }).waitFor();
    await desk.page
      .getByRole('navigation', { name: 'डैशबोर्ड' })
      .getByRole('link', { name: 'इनबॉक्स' })
      .waitFor();
    await desk.page.getByText('English', { exact: true }).click();
    await desk.page.getByRole('heading', { level: 1, name: 'Subscription Plan' }).waitFor();
    await desk.context.close();
    const saved = await api<{ language: string }>('GET', '/api/v1/me/language', undefined, token);
    assert.deepEqual(saved.body, { language: 'en' });
  });
});
