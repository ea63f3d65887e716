import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { adminToken, api, DEMO, ownerToken } from '../lib/api.ts';
import { baseUrl, DESKTOP, launch, newPage, PHONE } from '../lib/browser.ts';
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
  // The sections' index on a phone (issue 34), every section below it on a desktop.
  ['owner-settings', '/dashboard/settings', 'Integrations for developers'],
  ['owner-settings-review-page', '/dashboard/settings/review-page', 'Open to everyone'],
  ['owner-inbox', '/dashboard/inbox', 'Feedback inbox'],
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

/** Scrolls the page so the element's top sits just below the sticky header (run in the page). */
const scrollBelowHeader = (element: Element) => {
  const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
  window.scrollTo(0, window.scrollY + element.getBoundingClientRect().top - header - 16);
};

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

  // README's figures (docs/screenshots/): the review page as a Hindi-speaking customer sees it, and
  // the owner's placements (named QR codes) with what each brought in.
  it('README captures: the review page in English and Hindi, the owner placements view', async () => {
    const phone = await newPage(browser, { viewport: PHONE });
    for (const [lang, tag] of [
      ['en', 'en-IN'],
      ['hi', 'hi-IN'],
    ] as const) {
      await phone.page.goto(`/review/${DEMO.owner.code}?lang=${lang}`);
      await phone.page.locator(`html[lang="${tag}"]`).waitFor({ state: 'attached' });
      await phone.page.locator('button[name="stars"]').first().waitFor();
      await phone.page.waitForTimeout(400);
      await screenshot(phone.page, `review-${lang}`);
    }
    await phone.context.close();

    // Three placements, each with scans and a few ratings, so the figures have something to show.
    const token = await ownerToken();
    const ratings: Record<string, number[]> = {
      'Table 4': [5, 5, 4],
      'Billing counter': [4, 2],
      'Delivery bag': [5],
    };
    for (const [name, stars] of Object.entries(ratings)) {
      const created = await api<{ result?: { data?: { key: string } } }>(
        'POST',
        '/trpc/owner.placements.create',
        { name },
        token,
      );
      const key = created.body.result?.data?.key;
      assert.ok(key, `placement ${name} created (${created.status})`);
      for (let scan = 0; scan < stars.length + 2; scan += 1) {
        const view: Response = await fetch(`${baseUrl()}/review/${DEMO.owner.code}?p=${key}`);
        assert.equal(view.status, 200);
      }
      for (const [i, rating] of stars.entries()) {
        const review: { status: number } = await api('POST', '/api/reviews/', {
          code: DEMO.owner.code,
          rating,
          message: rating < 4 ? 'The bill took a while to come.' : '',
          deviceId: `readme-${key}-${i}`,
          placement: key,
        });
        assert.equal(review.status, 201);
      }
    }
    // Scans of the original QR code too (the demo data has its reviews but few scans).
    for (let scan = 0; scan < 16; scan += 1) {
      const view: Response = await fetch(`${baseUrl()}/review/${DEMO.owner.code}`);
      assert.equal(view.status, 200);
    }
    // Scans are written to the database about once a second.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const { context, page } = await newPage(browser, { viewport: DESKTOP, storage: { authToken: token } });
    await page.goto('/dashboard/profile');
    const placements = page.locator('section[aria-labelledby="placements-title"]');
    await placements.getByText('Delivery bag').first().waitFor();
    await placements.evaluate(scrollBelowHeader);
    await page.waitForTimeout(400);
    await screenshot(page, 'owner-placements');

    await page.goto('/dashboard');
    const byPlacement = page.getByRole('region', { name: 'By placement' });
    await byPlacement.getByText('Delivery bag').first().waitFor();
    await byPlacement.evaluate(scrollBelowHeader);
    await page.waitForTimeout(600);
    await screenshot(page, 'owner-by-placement');
    await context.close();
  });

  // README's figure of the feedback inbox (issue 33): unhappy customers' cases on a phone, one of
  // them open full screen with its actions at the bottom.
  it('README capture: the feedback inbox on a phone', async () => {
    const complaints: [number, string][] = [
      [1, 'Waited 40 minutes for a masala dosa, and it came cold.'],
      [2, 'खाना ठंडा था और बिल आने में बहुत देर लगी।'],
      [3, 'Music was too loud to talk. Staff were polite though.'],
    ];
    for (const [i, [rating, message]] of complaints.entries()) {
      const review: { status: number } = await api('POST', '/api/reviews/', {
        code: DEMO.owner.code,
        rating,
        message,
        deviceId: `readme-inbox-${i}`,
      });
      assert.equal(review.status, 201);
    }
    const token = await ownerToken();
    const { context, page } = await newPage(browser, { viewport: PHONE, storage: { authToken: token } });
    await page.goto('/dashboard/inbox');
    await page.getByText('Music was too loud').first().waitFor();
    await page.waitForTimeout(400);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the inbox scrolls sideways by ${overflow}px at 390px`);
    await screenshot(page, 'owner-inbox-phone');

    await page
      .getByRole('button', { name: /Waited 40 minutes/ })
      .first()
      .click();
    await page.getByRole('toolbar', { name: 'Case actions' }).waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'owner-inbox-case-phone');
    await context.close();
  });
});
