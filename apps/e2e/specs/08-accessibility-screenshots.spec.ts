import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { adminToken, DEMO, ownerToken } from '../lib/api.ts';
import { DESKTOP, launch, newPage, PHONE } from '../lib/browser.ts';
import { screenshot, seriousA11yViolations } from '../lib/screens.ts';

const PUBLIC_PAGES: [string, string, string][] = [
  ['landing', '/', 'Limited Time Launch Offer'],
  ['login', '/login', 'Forgot password?'],
  ['register', '/register', 'Continue to plan'],
  ['review', `/review/${DEMO.owner.code}`, 'How was your experience?'],
  ['support', '/support', 'Message'],
  ['terms', '/terms', 'Pune'],
  ['privacy', '/privacy-policy', 'cookies'],
  ['contact', '/contact', 'Request Your Demo'],
  ['not-found', '/no-such-page', 'Page Not Found'],
  ['admin-login', '/admin-login', 'Email'],
];
const OWNER_PAGES: [string, string, string][] = [
  ['owner-dashboard', '/dashboard', 'Recent Reviews'],
  ['owner-profile', '/dashboard/profile', 'Download QR Code'],
  ['owner-plan', '/dashboard/plan', 'Subscription Plan'],
  ['owner-settings', '/dashboard/settings', 'Open to everyone'],
];
const ADMIN_PAGES: [string, string, string][] = [
  ['admin-overview', '/admin-dashboard', 'Dashboard Overview'],
  ['admin-users', '/admin-dashboard/users', 'Users Management'],
  ['admin-reviews', '/admin-dashboard/reviews', 'Reviews Management'],
  ['admin-admins', '/admin-dashboard/admins', 'Admins Management'],
  ['admin-agents', '/admin-dashboard/agents', 'Agents Management'],
  ['admin-leads', '/admin-dashboard/leads', 'Leads Management'],
  ['admin-payments', '/admin-dashboard/payments', 'Payments Management'],
  ['admin-manual-payments', '/admin-dashboard/manual-payments', 'Manual Payments'],
  ['admin-onboard-user', '/admin-dashboard/onboard-user', 'Onboard User'],
  ['admin-onboard-agent', '/admin-dashboard/onboard-agent', 'Onboard Agent'],
];

describe('every page: no serious accessibility violations, screenshots at 390x844 and 1440x900', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  const visit = async (pages: [string, string, string][], storage?: Record<string, string>) => {
    const problems: string[] = [];
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await newPage(browser, { viewport, ...(storage ? { storage } : {}) });
      for (const [name, path, marker] of pages) {
        await page.goto(path);
        await page.getByText(marker).first().waitFor();
        // Let entry animations and lazy charts settle before measuring and capturing.
        await page.waitForTimeout(400);
        await screenshot(page, name);
        if (viewport === DESKTOP) {
          for (const v of await seriousA11yViolations(page)) problems.push(`${path}: ${v}`);
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (viewport === PHONE && overflow > 1)
          problems.push(`${path}: scrolls sideways by ${overflow}px at 390px`);
      }
      await context.close();
    }
    assert.deepEqual(problems, []);
  };

  it('public pages', async () => {
    await visit(PUBLIC_PAGES);
  });

  it('owner pages', async () => {
    await visit(OWNER_PAGES, { authToken: await ownerToken() });
  });

  it('admin pages', async () => {
    await visit(ADMIN_PAGES, { adminToken: await adminToken() });
  });
});
