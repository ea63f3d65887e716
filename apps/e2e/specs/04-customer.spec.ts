import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { api, DEMO, ownerToken } from '../lib/api.ts';
import { launch, newPage, PHONE } from '../lib/browser.ts';

type TReviews = {
  reviews: {
    message: string;
    rating: number;
    sentimentLabel: string | null;
    replyStatus: string;
    replyText: string | null;
  }[];
};

const trpcQuery = async <T>(path: string, input: unknown, token: string): Promise<T> => {
  const res = await api<{ result: { data: T } }>(
    'GET',
    `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
    undefined,
    token,
  );
  assert.equal(res.status, 200, `${path} answered ${res.status}`);
  return res.body.result.data;
};

describe('customer: scan, rate, leave feedback', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('2 stars -> feedback -> thank you; the owner sees it with sentiment and, on Professional, a reply', async () => {
    const feedback = `Food was cold and we waited forty minutes ${Date.now().toString(36)}`;
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await page.goto(`/review/${DEMO.owner.code}`);
    await page.getByText('How was your experience?').waitFor();
    await page.getByText(DEMO.owner.business).first().waitFor();
    await page.getByRole('button', { name: 'Rate 2 stars' }).click();
    const submit = page.getByRole('button', { name: 'Submit Feedback' });
    assert.equal(await submit.isDisabled(), true, 'submit is disabled while the message is empty');
    await page.getByLabel('Tell us about your experience').fill(feedback);
    await page.getByLabel('Email', { exact: true }).fill('guest@example.in');
    await page.getByRole('checkbox', { name: /may contact me by WhatsApp, SMS or email/ }).check();
    await submit.click();
    await page.getByText('Thank you! Your feedback has been received').waitFor();
    await context.close();

    const token = await ownerToken();
    const deadline = Date.now() + 60_000;
    let found: TReviews['reviews'][number] | undefined;
    while (Date.now() < deadline) {
      const data = await trpcQuery<TReviews>(
        'owner.dashboard.reviews',
        { page: 1, limit: 5, search: feedback },
        token,
      );
      found = data.reviews[0];
      if (found?.replyStatus === 'drafted' || found?.replyStatus === 'sent') break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    assert.ok(found, 'the review reached the owner');
    assert.equal(found.rating, 2);
    assert.equal(found.sentimentLabel, 'negative');
    assert.ok(
      found.replyText && found.replyText.length > 20,
      `an automatic reply was drafted (status ${found.replyStatus})`,
    );

    const owner = await newPage(browser, { storage: { authToken: token } });
    await owner.page.goto('/dashboard');
    await owner.page.getByLabel('Search reviews').fill(feedback.slice(0, 30));
    await owner.page.getByText(feedback.slice(0, 30)).first().waitFor();
    await owner.context.close();
  });

  it('5 stars opens the review link in a new tab', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    // No outside network here: answer the business's review site locally.
    await context.route(/^https:\/\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: 'review site' }),
    );
    await page.goto(`/review/${DEMO.owner.code}`);
    await page.getByText('How was your experience?').waitFor();
    // The new tab is the script's doing: a tap before the page's script has run (it loads after the
    // first paint) is the no-JS form post, which goes to the review site in this tab.
    await page.waitForLoadState('networkidle');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Rate 5 stars' }).click(),
    ]);
    await popup.waitForURL(/placeid=demo-chai-point-pune/, { waitUntil: 'commit' });
    await context.close();
  });

  it('an unknown code shows Failed to load review information', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await page.goto('/review/no-such-business');
    await page.getByText('Failed to load review information').waitFor();
    await context.close();
  });
});

type TReviewPage = {
  reviews: { message: string; rating: number; customerContact: string | null }[];
  meta: { total: number };
};

/** The demo owner's newest reviews (and how many there are), as the owner's dashboard reads them. */
const latestReviews = async (search?: string) =>
  trpcQuery<TReviewPage>(
    'owner.dashboard.reviews',
    { page: 1, limit: 5, ...(search ? { search } : {}) },
    await ownerToken(),
  );

describe('customer: the server-rendered review page', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('paints the real page from the first byte, hydrates without warnings, and the journey is unchanged', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const response = await page.goto(`/review/${DEMO.owner.code}`);
    assert.equal(response?.status(), 200);
    // The markup, without the data inlined for hydration (which carries the page's whole catalog).
    const html = ((await response?.text()) ?? '').replace(
      /<script type="application\/json"[\s\S]*?<\/script>/,
      '',
    );
    assert.ok(html.includes('How was your experience?'), 'the HTML carries the question');
    assert.ok(html.includes(DEMO.owner.business), 'the HTML carries the business name');
    assert.ok(!html.includes('Loading review form...'), 'no loading state for a known code');
    assert.equal(await page.locator('html').getAttribute('lang'), 'en-IN');
    assert.equal(await page.locator('html').getAttribute('dir'), 'ltr');
    await page.waitForLoadState('networkidle');

    const feedback = `Hydrated and still fine ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Rate 3 stars' }).click();
    await page.getByText('Good', { exact: true }).waitFor();
    // The script handled the tap: no navigation, the URL is unchanged.
    assert.equal(new URL(page.url()).search, '');
    assert.equal(await page.getByRole('button', { name: 'Submit Feedback' }).isDisabled(), true);
    await page.getByLabel('Tell us about your experience').fill(feedback);
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.getByText('Thank you! Your feedback has been received').waitFor();
    assert.deepEqual(problems, [], 'no hydration warning or error in the console');
    await context.close();
    assert.equal((await latestReviews(feedback)).reviews[0]?.rating, 3);
  });

  it('without JavaScript, 5 stars go through the server to the review link and the rating is stored', async () => {
    const before = (await latestReviews()).meta.total;
    const { context, page } = await newPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await context.route(/^https:\/\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: 'review site' }),
    );
    await page.goto(`/review/${DEMO.owner.code}`);
    await page.getByText('How was your experience?').waitFor();
    await page.getByRole('button', { name: 'Rate 5 stars' }).click();
    await page.waitForURL(/placeid=demo-chai-point-pune/, { waitUntil: 'commit' });
    await context.close();
    const after = await latestReviews();
    assert.equal(after.meta.total, before + 1, 'one more review');
    assert.deepEqual(
      { rating: after.reviews[0]?.rating, message: after.reviews[0]?.message },
      { rating: 5, message: '' },
    );
  });

  it('without JavaScript, 2 stars show a plain feedback form that posts and thanks', async () => {
    const feedback = `Sent without a script ${Date.now().toString(36)}`;
    const { context, page } = await newPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await page.goto(`/review/${DEMO.owner.code}`);
    await page.getByRole('button', { name: 'Rate 2 stars' }).click();
    await page.waitForURL(/stars=2/);
    await page.getByText('Fair', { exact: true }).waitFor();
    await page.getByLabel('Tell us about your experience').fill(feedback);
    await page.getByLabel('Email', { exact: true }).fill('nojs@example.in');
    await page.getByRole('checkbox', { name: /may contact me by WhatsApp, SMS or email/ }).check();
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.getByText('Thank you! Your feedback has been received').waitFor();
    // Cancel works without the script too: the page again, no rating.
    await page.getByRole('button', { name: 'Rate 1 star' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('How was your experience?').waitFor();
    assert.equal(await page.getByLabel('Tell us about your experience').count(), 0);
    await context.close();
    const [review] = (await latestReviews(feedback)).reviews;
    assert.deepEqual(
      { rating: review?.rating, message: review?.message, contact: review?.customerContact },
      { rating: 2, message: feedback, contact: 'nojs@example.in' },
    );
  });

  it("speaks the phone's language, switches on a tap and remembers it on the device", async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE, locale: 'hi-IN' });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    await page.goto(`/review/${DEMO.owner.code}`);
    await page.getByText('आपका अनुभव कैसा रहा?').waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'hi-IN');
    assert.equal(await page.locator('html').getAttribute('dir'), 'ltr');
    await page.getByRole('button', { name: '2 स्टार दें' }).click();
    await page.getByLabel('अपने अनुभव के बारे में बताइए').waitFor();

    const switcher = page.getByRole('navigation', { name: 'भाषा' });
    await switcher.getByText('भाषा: हिन्दी').click();
    await switcher.getByRole('link', { name: 'தமிழ்' }).click();
    await page.waitForURL(/lang=ta/);
    await page.getByText('உங்கள் அனுபவம் எப்படி இருந்தது?').waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'ta-IN');
    assert.equal(await page.evaluate(() => window.localStorage.getItem('starloopReviewLang')), 'ta');

    // The next visit (a plain link, a Hindi phone) opens in the remembered Tamil.
    await page.goto(`/review/${DEMO.owner.code}`);
    await page.waitForURL(/lang=ta/);
    await page.getByText('உங்கள் அனுபவம் எப்படி இருந்தது?').waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('answers an unknown code 404 and a code-less address with their texts, readable without scripts', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    const missing = await page.goto('/review/no-such-business');
    assert.equal(missing?.status(), 404);
    await page.getByText('Failed to load review information').waitFor();
    await page.getByText('We could not find this business.').waitFor();
    const none = await page.goto('/review/');
    assert.equal(none?.status(), 200);
    await page.getByText('No business code provided').waitFor();
    await context.close();
  });
});
