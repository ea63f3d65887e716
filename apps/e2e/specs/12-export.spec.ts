import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { api, DEMO, ownerToken } from '../lib/api.ts';
import { launch, newPage } from '../lib/browser.ts';
import { screenshot } from '../lib/screens.ts';

/**
 * Their data, their rights (issue 35): the owner exports the account's data from Settings, waits
 * for it to be ready, downloads the ZIP, and finds a review they know in its reviews CSV.
 */

const RUN = Date.now().toString(36);
const MESSAGE = `Export journey ${RUN}: the filter coffee was perfect`;

describe('export: an owner downloads their data', () => {
  let browser: Browser;
  let token: string;
  before(async () => {
    browser = await launch();
    token = await ownerToken();
    const review = await api('POST', '/api/reviews/', {
      code: DEMO.owner.code,
      rating: 5,
      message: MESSAGE,
      deviceId: `export-${RUN}`,
    });
    assert.equal(review.status, 201, JSON.stringify(review.body));
  });
  after(async () => {
    await browser?.close();
  });

  it('starts the export, sees it ready, downloads the ZIP and opens the reviews CSV', async () => {
    const { page } = await newPage(browser, { storage: { authToken: token } });
    await page.goto('/dashboard/settings');
    const section = page.getByRole('region', { name: 'Export your data' });
    await section.waitFor();
    await section.getByRole('button', { name: 'Export your data' }).click();
    const download = section.getByRole('button', { name: 'Download ZIP' });
    await download.waitFor({ timeout: 60_000 });
    await screenshot(page, 'owner-export-ready-1440x900');

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    assert.match(file.suggestedFilename(), /^starloop-export-\d+-\d{4}-\d\d-\d\d\.zip$/);
    const zip = unzipSync(new Uint8Array(await readFile((await file.path()) as string)));
    assert.ok(zip['account.json'], 'the JSON document is in the ZIP');
    const reviews = strFromU8(zip['reviews.csv']!);
    const header = reviews
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]!
      .split(',');
    assert.ok(header.includes('message') && header.includes('rating'), header.join(','));
    assert.ok(reviews.includes(MESSAGE), 'the review written before the export is in reviews.csv');
    const document = JSON.parse(strFromU8(zip['account.json']!));
    assert.equal(document.format, 'starloop-account-export');
    assert.ok(
      document.files.some((f: { name: string; rows: number }) => f.name === 'reviews.csv' && f.rows > 0),
    );
  });
});
