import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launch, newPage, PHONE } from '../lib/browser.ts';

describe('visitor: landing, pricing, support and legal pages', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('shows the signed-out landing page with Get Started everywhere and the pricing anchors', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByText('Get Started Now').first().waitFor();
    await page.getByText('Limited Time Launch Offer').waitFor();
    await page.getByText('Join the Review Revolution').waitFor();
    await page.getByText('Recent Reviews').first().waitFor();
    assert.ok((await page.locator('#features').count()) === 1, 'the #features anchor exists');
    assert.ok((await page.locator('#pricing').count()) === 1, 'the #pricing anchor exists');
    await page.goto('/#pricing');
    await page.locator('#pricing').getByText('Most Popular').first().waitFor();
    await page.getByRole('link', { name: 'Get Started', exact: true }).first().click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('shows the signed-in variant: Dashboard instead, pricing and closing banner hidden', async () => {
    const { context, page } = await newPage(browser, { storage: { authToken: 'any-token' } });
    await page.goto('/');
    await page.getByRole('link', { name: 'Dashboard' }).first().waitFor();
    assert.equal(await page.locator('#pricing').count(), 0);
    assert.equal(await page.getByText('Join the Review Revolution').count(), 0);
    await context.close();
  });

  it('arrives rendered (readable without scripts), then the app takes it over without an error', async () => {
    const noScript = await newPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await noScript.page.goto('/');
    await noScript.page.getByText('Get Started Now').first().waitFor();
    await noScript.page.getByText('Join the Review Revolution').waitFor();
    await noScript.context.close();

    const { context, page } = await newPage(browser, { viewport: PHONE });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/', { waitUntil: 'networkidle' });
    // The menu button says it cannot work until the app has hydrated the page.
    await page.locator('button[aria-label="Open menu"]:not([aria-disabled])').waitFor();
    assert.equal(await page.title(), 'Review collection for Indian businesses | StarLoop');
    assert.deepEqual(problems, [], 'no hydration error or warning in the console');
    await context.close();
  });

  it('toggles the mobile menu', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: /menu/i }).first();
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await context.close();
  });

  it('sends the support form locally and shows Message Sent!', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/support');
    const form = page.getByRole('form', { name: 'Support message' });
    await form.getByLabel(/^Name/).fill('Asha');
    await form.getByLabel(/^Email/).fill('asha@example.in');
    await form.getByLabel(/^Subject/).fill('QR code');
    await form.getByLabel(/^Message/).fill('How do I print my QR code?');
    await form.getByRole('button', { name: /send/i }).click();
    await page.getByText('Message Sent!').waitFor();
    await context.close();
  });

  it('serves the terms and both privacy routes', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/terms');
    await page
      .getByText(/courts of Pune/i)
      .first()
      .waitFor();
    for (const route of ['/privacy-policy', '/privacy']) {
      const response = await page.goto(route);
      assert.equal(response?.status(), 200);
      await page
        .getByText(/cookies/i)
        .first()
        .waitFor();
    }
    await context.close();
  });
});
