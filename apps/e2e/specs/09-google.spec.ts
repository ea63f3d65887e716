import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DEMO, ownerToken } from '../lib/api.ts';
import { launch, newPage } from '../lib/browser.ts';

/** The fake Google run-e2e.mjs starts (apps/server/src/test/fake-google.ts). */
const fakeGoogleUrl = () => {
  const url = process.env.E2E_FAKE_GOOGLE_URL;
  if (!url)
    throw new Error('E2E_FAKE_GOOGLE_URL is not set: run the suite through `npm test -w @starloop/e2e`.');
  return url;
};

describe('owner: Google reviews (connect, pick a location, see imported reviews, publish a reply)', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('connects Google Business Profile and publishes a reply to a Google review', async () => {
    const token = await ownerToken(DEMO.owner);
    const { context, page } = await newPage(browser, { storage: { authToken: token } });

    // Connect: Google's consent page (the fake approves at once) sends the owner back to Settings.
    await page.goto('/dashboard/settings');
    await page.getByRole('heading', { name: 'Google Business Profile' }).waitFor();
    await page.getByRole('button', { name: 'Connect Google Business Profile' }).click();
    await page.waitForURL(/\/dashboard\/settings/);
    await page.getByText('Google Business Profile connected.').first().waitFor();
    // The code and state are spent and gone from the address bar.
    await page.waitForFunction(() => !window.location.search.includes('code='));

    // Pick the location; its reviews are imported.
    await page.getByLabel(/Chai Point, Pune/).check();
    await page.getByRole('button', { name: 'Use this location' }).click();
    await page.getByText(/Location: Chai Point, Pune/).waitFor();
    await page.getByText(/Last synced/).waitFor({ timeout: 30_000 });
    await page.getByText(/12 Google\s+reviews/).waitFor();

    // The dashboard shows them beside the QR reviews, marked and filtered by source.
    await page.goto('/dashboard');
    await page.getByTestId('stats-sources').waitFor();
    // The dashboard comes drawn by the server: the filter works once the app has taken it over.
    await page.waitForLoadState('networkidle');
    await page.getByRole('radiogroup', { name: 'Review source' }).getByText('Google').click();
    await page.waitForURL(/source=google/);
    const row = page.getByRole('row').filter({ hasText: 'Chai was cold and the table was sticky' });
    await row.waitFor();
    await row.getByRole('button').click();

    // Edit the drafted reply and publish it to Google.
    const drawer = page.getByRole('dialog', { name: 'Review details' });
    await drawer.getByText('Google review by').waitFor();
    const box = drawer.getByRole('textbox', { name: 'Your reply' });
    assert.match(await box.inputValue(), /Rohan/, 'the draft greets the reviewer');
    const reply = 'Sorry Rohan, that is not our standard. Your next chai is on us.';
    await box.fill(reply);
    await drawer.getByRole('button', { name: 'Publish to Google' }).click();
    await drawer.getByText('On Google', { exact: true }).waitFor({ timeout: 30_000 });
    await drawer.getByTestId('google-reply').getByText(reply).waitFor();

    // Google shows it, published once.
    const state = (await (await fetch(`${fakeGoogleUrl()}/__fake/replies`)).json()) as {
      replies: Record<string, string>;
      puts: Record<string, number>;
    };
    const name = Object.keys(state.replies).find((key) => state.replies[key] === reply);
    assert.ok(name, 'the reply is on Google');
    assert.equal(state.puts[name], 1);
    await context.close();
  });
});
