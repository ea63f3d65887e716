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
    await page.getByLabel('Your phone or email (so we can reply)').fill('guest@example.in');
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
