import { afterEach } from 'node:test';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the suite through `npm test -w @starloop/e2e`.');
  return url;
};

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

export async function newPage(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    storage?: Record<string, string>;
    /** false: a phone with scripts blocked (the review page's no-JS path). */
    javaScriptEnabled?: boolean;
    /** The browser's language (its Accept-Language header); en-IN by default. */
    locale?: string;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: options.viewport ?? DESKTOP,
    acceptDownloads: true,
    locale: options.locale ?? 'en-IN',
    timezoneId: 'Asia/Kolkata',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  if (options.storage) {
    const entries = options.storage;
    await context.addInitScript((items) => {
      for (const [key, value] of Object.entries(items)) window.localStorage.setItem(key, value);
    }, entries);
  }
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  return { context, page };
}

/** Pages a test opened and has not closed: what a failed test was looking at. */
const openPages = new Set<Page>();

/**
 * A failed journey prints the address and visible text of every page still open, so a failure
 * seen once in CI can be read from its log (every spec imports this module, so every file has it).
 */
afterEach(async (t) => {
  if (!('passed' in t) || t.passed) return;
  for (const page of openPages) {
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch((error: unknown) => `(no text: ${String(error)})`);
    console.error(`\n--- ${t.name}: page ${page.url()}\n${text.slice(0, 8_000)}\n---`);
  }
});
