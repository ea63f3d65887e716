import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { api, ownerToken } from '../lib/api.ts';
import { baseUrl, launch, newPage, PHONE } from '../lib/browser.ts';
import { screenshot } from '../lib/screens.ts';

/** A demo owner no other journey uses: its checklist and reviews are this file's own. */
const who = { phone: '9800000004', password: 'demo1234', code: 'fitzone-gym', business: 'FitZone Gym' };

/** Every owner page, and what shows once it has loaded. */
const OWNER_PAGES: [string, string | RegExp][] = [
  ['/dashboard', 'Recent Reviews'],
  ['/dashboard/inbox', 'Feedback inbox'],
  ['/dashboard/profile', 'Business Profile'],
  ['/dashboard/requests', 'Review Requests'],
  ['/dashboard/plan', 'Subscription Plan'],
  ['/dashboard/settings', 'Settings'],
  ['/dashboard/settings/review-page', 'Review flow'],
  ['/dashboard/settings/replies', 'Replies'],
  ['/dashboard/settings/channels', 'Channels'],
  ['/dashboard/settings/team', 'Team'],
  ['/dashboard/settings/developers', 'Integrations for developers'],
  ['/dashboard/settings/account', 'Account'],
];

/**
 * What sticks out of the screen sideways: the page scrolling sideways, or any visible element
 * reaching past the viewport's right edge that no scrolling or clipping box holds.
 */
async function overflowing(page: Page): Promise<string[]> {
  // A string: the runner's TypeScript transform would name inner functions (__name) in the page.
  return page.evaluate(`(() => {
    const width = window.innerWidth;
    const found = [];
    if (document.documentElement.scrollWidth > width)
      found.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
      let held = false;
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        // Held by a box that scrolls or clips within the screen (a table's scroll container).
        if (getComputedStyle(up).overflowX !== 'visible' && up.getBoundingClientRect().right <= width + 1) {
          held = true;
          break;
        }
      }
      if (held) continue;
      found.push(element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + '.' +
        String(element.className).slice(0, 40) + ' reaches ' + Math.round(box.right) + ' px');
      if (found.length > 8) break;
    }
    return found;
  })()`);
}

describe('the owner on a phone (390x844)', () => {
  let browser: Browser;
  let token: string;
  before(async () => {
    browser = await launch();
    token = await ownerToken(who);
  });
  after(async () => {
    await browser?.close();
  });

  it("the dashboard's first screen shows the newest low rating, above a bottom navigation", async () => {
    const message = `Phone check ${Date.now()}: the treadmill was broken.`;
    const review = await api('POST', '/api/reviews/', {
      code: who.code,
      rating: 1,
      message,
      deviceId: `phone-owner-${Date.now()}`,
    });
    assert.equal(review.status, 201);

    const { context, page } = await newPage(browser, { viewport: PHONE, storage: { authToken: token } });
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: /^Hi, / }).waitFor();
    const needs = page.getByRole('region', { name: /Needs you now/ });
    const newest = needs.getByText(message);
    await newest.waitFor();
    const box = await newest.boundingBox();
    assert.ok(box, 'the newest low rating is on the page');
    assert.ok(
      box.y + box.height <= PHONE.height,
      `the newest low rating is on the first screen (y ${box.y})`,
    );

    // README: the owner's dashboard on a phone.
    await screenshot(page, 'owner-dashboard-phone');

    // The bottom navigation replaces the sidebar: no burger, the tabs one tap away.
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('link', { name: /Inbox/ }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Open navigation' }).count(), 0);
    const navBox = await nav.boundingBox();
    assert.ok(navBox && navBox.y + navBox.height <= PHONE.height + 1 && navBox.y > PHONE.height - 100);

    // The latest reviews are cards, not a table.
    const recent = page.getByRole('region', { name: 'Recent Reviews' });
    await recent.getByRole('button', { name: 'Open review 1' }).waitFor();
    assert.equal(await recent.locator('table').count(), 0);

    // A tap on the low rating opens its case in the inbox.
    await newest.click();
    await page.waitForURL(/\/dashboard\/inbox\?.*case=\d+/);
    await context.close();
  });

  it('the dashboard comes drawn from the server: readable before any script, working once hydrated', async () => {
    const message = `Drawn check ${Date.now()}: the lockers were dirty.`;
    const review = await api('POST', '/api/reviews/', {
      code: who.code,
      rating: 2,
      message,
      deviceId: `phone-owner-drawn-${Date.now()}`,
    });
    assert.equal(review.status, 201);

    // The first visit draws in the browser and asks for the page cookie (HttpOnly, under /dashboard).
    const { context, page } = await newPage(browser, { viewport: PHONE, storage: { authToken: token } });
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: /^Hi, / }).waitFor();
    const cookies = async () => (await context.cookies()).filter((c) => c.name.startsWith('starloop_owner_'));
    for (let tries = 0; (await cookies()).length < 2 && tries < 50; tries += 1)
      await page.waitForTimeout(100);
    const pageCookie = (await cookies()).find((c) => c.name === 'starloop_owner_page');
    assert.ok(pageCookie?.httpOnly && pageCookie.path === '/dashboard' && pageCookie.sameSite === 'Strict');

    // The same phone with scripts blocked: the first screen is in the HTML itself.
    const noScript = await browser.newContext({
      baseURL: baseUrl(),
      viewport: PHONE,
      javaScriptEnabled: false,
    });
    await noScript.addCookies(await cookies());
    const still = await noScript.newPage();
    const answer = await still.goto('/dashboard');
    assert.equal(answer?.headers()['cache-control'], 'private, no-store');
    await still
      .getByRole('region', { name: /Needs you now/ })
      .getByText(message)
      .waitFor();
    await noScript.close();

    // With scripts, the drawn page becomes the app: a tap on the low rating opens its case.
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (entry) => {
      if (entry.type() === 'error' && entry.text().includes('hydration')) problems.push(entry.text());
    });
    // The server's nodes as the HTML brought them, before any script ran.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { drawnHeading: Element | null }).drawnHeading = document.querySelector('h1');
      });
    });
    await page.goto('/dashboard');
    const newest = page.getByRole('region', { name: /Needs you now/ }).getByText(message);
    await newest.waitFor();
    await page.getByRole('link', { name: /Inbox/ }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // Hydrated, not drawn again: the heading the server drew is the one on the page.
    assert.equal(
      await page.evaluate(() => {
        const drawn = (window as unknown as { drawnHeading: Element | null }).drawnHeading;
        return Boolean(drawn?.isConnected && drawn === document.querySelector('h1'));
      }),
      true,
      'the drawn page was hydrated, not thrown away',
    );
    await newest.click();
    await page.waitForURL(/\/dashboard\/inbox\?.*case=\d+/);
    assert.deepEqual(problems, []);

    // Logout drops the page cookie: the next /dashboard is the frame, drawn for nobody. (A drawn
    // page's buttons work once the app has hydrated it: the network goes quiet after that.)
    await page.goto('/dashboard');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/login$/);
    for (
      let tries = 0;
      (await cookies()).some((c) => c.name === 'starloop_owner_page') && tries < 50;
      tries += 1
    )
      await page.waitForTimeout(100);
    const after = await (await context.request.get('/dashboard')).text();
    assert.ok(!after.includes(message), 'a signed-out phone gets no drawn dashboard');
    await context.close();
    token = await ownerToken(who);
  });

  it('no element is wider than the viewport on any owner page (390 and 360 px)', async () => {
    const problems: string[] = [];
    for (const viewport of [PHONE, { width: 360, height: 740 }]) {
      const { context, page } = await newPage(browser, { viewport, storage: { authToken: token } });
      for (const [path, ready] of OWNER_PAGES) {
        await page.goto(path);
        await page.getByRole('heading', { name: ready }).first().waitFor();
        await page.waitForLoadState('networkidle');
        for (const problem of await overflowing(page))
          problems.push(`${viewport.width} px ${path}: ${problem}`);
      }
      await context.close();
    }
    assert.deepEqual(problems, []);
  });

  it('Requests puts "Send a request" on the first screen', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE, storage: { authToken: token } });
    await page.goto('/dashboard/requests');
    const send = page.getByRole('button', { name: 'Send a request' });
    await send.waitFor();
    const box = await send.boundingBox();
    assert.ok(
      box && box.y + box.height <= PHONE.height - 60,
      `"Send a request" is on the first screen (y ${box?.y})`,
    );
    await context.close();
  });

  it("the first-run checklist's steps tick off as the owner takes them", async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE, storage: { authToken: token } });
    await page.goto('/dashboard');
    const checklist = page.getByRole('region', { name: 'Get started' });
    await checklist.waitFor();
    const step = (key: string) => checklist.locator(`[data-step="${key}"]`);
    assert.equal(await step('review_link').getAttribute('data-done'), null);
    assert.equal(await step('review_flow').getAttribute('data-done'), null);

    // The review link opens in a new tab (Google's page, not reachable here): the step ticks.
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      checklist.getByRole('link', { name: 'Open your review link' }).click(),
    ]);
    await popup.close();
    await step('review_link').and(page.locator('[data-done]')).waitFor();

    // The next step says what to do: the QR card, saved from the profile.
    await checklist.getByRole('link', { name: 'Get your QR card' }).click();
    await page.getByRole('heading', { name: 'Business Profile' }).waitFor();
    await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download QR Code' }).click(),
    ]);
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await step('qr_card').and(page.locator('[data-done]')).waitFor();

    // Then the review flow: Google's policy in two lines, then the choice (keeping it counts).
    await checklist.getByText(/Google's policy/).waitFor();
    await checklist.getByRole('button', { name: /^Keep / }).click();
    await step('review_flow').and(page.locator('[data-done]')).waitFor();
    // Placements are next (the demo owner has none).
    await checklist.getByRole('link', { name: 'add placements' }).waitFor();

    const checked = await api<{ steps: { key: string; done: boolean }[] }>(
      'GET',
      '/api/v1/onboarding/checklist',
      undefined,
      token,
    );
    const done = Object.fromEntries(checked.body.steps.map((s) => [s.key, s.done]));
    assert.deepEqual(
      { review_link: done.review_link, qr_card: done.qr_card, review_flow: done.review_flow },
      { review_link: true, qr_card: true, review_flow: true },
    );
    await context.close();
  });
});
