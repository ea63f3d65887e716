import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startFakePush, type TFakePush } from '../../server/src/test/fake-push.ts';
import { adminToken, api } from '../lib/api.ts';
import { baseUrl, launch, newPage, PHONE } from '../lib/browser.ts';
import { screenshot } from '../lib/screens.ts';

/**
 * The owner's app on a phone (issue 34 item 2): installable (manifest, icons, a service worker
 * that controls the owner area, an offline shell with a clear offline state), and Web Push: a
 * subscription whose endpoint is a fake push service on loopback (a real Chromium subscription
 * needs Google's push service) receives the alert of a new low rating, encrypted to the
 * subscription's keys and signed with the server's VAPID key; the test decrypts it.
 */

const RUN = Date.now().toString(36);
const OWNER_PHONE = `93${String(Date.now() % 1e8).padStart(8, '0')}`;
const BUSINESS = `Pav Bhaji Point ${RUN}`;
const CODE = `pwa-${RUN}`;

/** A PNG's width and height (its IHDR). */
async function pngSize(path: string): Promise<{ type: string | null; width: number; height: number }> {
  const res = await fetch(`${baseUrl()}${path}`);
  assert.equal(res.status, 200, path);
  const bytes = Buffer.from(await res.arrayBuffer());
  assert.equal(bytes.subarray(1, 4).toString('ascii'), 'PNG', `${path} is a PNG`);
  return {
    type: res.headers.get('content-type'),
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
  };
}

describe('the owner app: installable, offline, and push', () => {
  let browser: Browser;
  let push: TFakePush;
  let ownerToken: string;

  before(async () => {
    browser = await launch();
    push = await startFakePush();
    const onboarded = await api<{ users: { id: number; setPasswordUrl: string }[] }>(
      'POST',
      '/api/admin/onboard',
      {
        branches: [
          {
            name: 'Pwa Owner',
            contactNumber: OWNER_PHONE,
            businessName: BUSINESS,
            code: CODE,
            reviewLink: 'https://g.page/r/pav-bhaji-point/review',
            state: 'Maharashtra',
            city: 'Pune',
            subscriptionDuration: 1,
          },
        ],
        payment: { amount: 3000, paymentMethod: 'cash', email: `pwa-${RUN}@example.in`, notes: 'e2e pwa' },
        plan: 'Professional',
      },
      await adminToken(),
    );
    assert.equal(onboarded.status, 201, JSON.stringify(onboarded.body));
    const token = new URL(onboarded.body.users[0]!.setPasswordUrl).hash.replace('#token=', '');
    const set = await api<{ token: string }>('POST', '/api/users/set-password', {
      token: decodeURIComponent(token),
      password: 'pwa-owner-2026',
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    ownerToken = set.body.token;
  });
  after(async () => {
    await browser?.close();
    await push?.close();
  });

  it('install prompt criteria met (manifest and service worker) at 390x844, with an offline shell', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE, storage: { authToken: ownerToken } });
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();

    // The manifest: linked from the page, with what an install needs.
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    assert.equal(href, '/manifest.webmanifest');
    const manifestRes = await fetch(`${baseUrl()}${href}`);
    assert.equal(manifestRes.status, 200);
    assert.match(manifestRes.headers.get('content-type') ?? '', /application\/manifest\+json/);
    const manifest = (await manifestRes.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    assert.equal(manifest.name, 'StarLoop');
    assert.equal(manifest.start_url, '/dashboard');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.theme_color, '#4338ca');
    const themeMeta = await page.locator('meta[name="theme-color"]').getAttribute('content');
    assert.equal(themeMeta, manifest.theme_color);
    for (const [sizes, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ] as const) {
      const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
      assert.ok(icon, `a ${purpose} icon of ${sizes}`);
      const size = await pngSize(icon.src);
      assert.equal(`${size.width}x${size.height}`, sizes);
      assert.equal(size.type, 'image/png');
    }

    // The service worker: active for the owner area and controlling the page.
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return {
        scope: ready.scope,
        active: ready.active?.state ?? null,
        script: ready.active?.scriptURL ?? null,
      };
    });
    assert.equal(registration.scope, `${baseUrl()}/dashboard`);
    assert.equal(registration.script, `${baseUrl()}/sw.js`);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(
      await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null),
      `${baseUrl()}/sw.js`,
    );

    // Chromium's own verdict: no installability errors (the criteria of its install prompt).
    // Playwright's browser contexts are incognito profiles, which Chromium never offers to install
    // into: that one error is the test browser's, not the app's.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    assert.deepEqual(
      installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'),
      [],
    );
    const { url: manifestUrl, errors } = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string }[];
    };
    assert.equal(manifestUrl, `${baseUrl()}/manifest.webmanifest`);
    assert.deepEqual(errors, []);

    // Offline: the page still opens from the cached shell, and says the phone is offline.
    await context.setOffline(true);
    await page.reload();
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor();
    assert.match((await banner.textContent()) ?? '', /You are offline/);
    await screenshot(page, 'owner-offline');
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await banner.waitFor({ state: 'detached' });

    // The customer review page is not the app's: no service worker there, no manifest.
    const review = await newPage(browser, { viewport: PHONE });
    await review.page.goto(`/review/${CODE}`);
    assert.equal(await review.page.evaluate(() => navigator.serviceWorker.controller), null);
    assert.equal(await review.page.locator('link[rel="manifest"]').count(), 0);
    await review.context.close();
    await context.close();
  });

  it('a push received from the fake endpoint: a new low rating reaches the subscribed phone', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE, storage: { authToken: ownerToken } });
    // The app's own API, as the Settings screen calls it after the browser subscribed.
    const keys = await api<{ publicKey: string | null; subscriptions: unknown[] }>(
      'GET',
      '/api/v1/me/push-subscriptions',
      undefined,
      ownerToken,
    );
    assert.equal(keys.status, 200);
    assert.ok(keys.body.publicKey, 'the server has a VAPID key');
    const phone = push.subscription();
    const subscribed = await api(
      'POST',
      '/api/v1/me/push-subscriptions',
      { endpoint: phone.endpoint, expirationTime: null, keys: phone.keys },
      ownerToken,
    );
    assert.equal(subscribed.status, 201, JSON.stringify(subscribed.body));

    // Settings > Replies and alerts on the phone (each section is its own page there): push is on.
    await page.goto('/dashboard/settings/replies');
    const alerts = page.getByRole('region', { name: 'Alerts' });
    await alerts.getByTestId('alerts-push').waitFor();
    assert.match((await alerts.getByTestId('alerts-push').textContent()) ?? '', /one phone or browser/);
    await alerts.getByTestId('push-device').scrollIntoViewIfNeeded();
    await screenshot(page, 'owner-alerts-push');

    // A customer leaves 2 stars.
    const review = await api('POST', '/api/reviews/', {
      code: CODE,
      rating: 2,
      message: 'Pav was cold and the bhaji too salty',
      deviceId: `pwa-${RUN}`,
    });
    assert.equal(review.status, 201, JSON.stringify(review.body));

    const [received] = await push.waitFor(phone.endpoint, 1, 30_000);
    assert.equal(received!.status, 201);
    assert.equal(received!.vapidError, null);
    assert.equal(received!.vapidKey, keys.body.publicKey);
    assert.equal(received!.headers['content-encoding'], 'aes128gcm');
    const payload = JSON.parse(phone.decrypt(received!.body)) as { title: string; body: string; url: string };
    assert.equal(payload.title, `A new 2-star review for ${BUSINESS}`);
    assert.equal(payload.body, '★★☆☆☆ Pav was cold and the bhaji too salty');
    assert.match(payload.url, /^\/dashboard\/inbox\?case=\d+$/);

    // The tap opens the case in the app.
    await page.goto(payload.url);
    await page.getByText('Pav was cold and the bhaji too salty').first().waitFor();
    await context.close();
  });
});
