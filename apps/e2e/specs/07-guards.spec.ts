import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { api, DEMO, ownerToken } from '../lib/api.ts';
import { launch, newPage } from '../lib/browser.ts';

describe('guards, expiry and the 404 page', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('sends /dashboard without a token to /login and /admin-dashboard to /admin-login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.goto('/admin-dashboard/leads');
    await page.waitForURL('**/admin-login');
    await context.close();
  });

  it('returns to sign-in when a stored token has been revoked', async () => {
    const token = await ownerToken();
    const logout = await api('POST', '/api/users/logout', undefined, token);
    assert.equal(logout.status, 200);
    const { context, page } = await newPage(browser, { storage: { authToken: token } });
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    assert.equal(await page.evaluate(() => window.localStorage.getItem('authToken')), null);
    await context.close();
  });

  it('returns to admin sign-in with a forged admin token', async () => {
    const { context, page } = await newPage(browser, { storage: { adminToken: 'forged.token.value' } });
    await page.goto('/admin-dashboard');
    await page.waitForURL('**/admin-login');
    await context.close();
  });

  it('shows the 404 page for an unknown path, and both buttons work', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`/review/${DEMO.owner.code}`);
    const response = await page.goto('/no-such-page');
    assert.equal(response?.status(), 404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByText("The page you're looking for doesn't exist or has been moved.").waitFor();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL(`**/review/${DEMO.owner.code}`);
    await page.goto('/still/not/here');
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
