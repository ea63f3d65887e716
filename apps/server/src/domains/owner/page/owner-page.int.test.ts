import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestOwner,
  createTestServer,
  issueOwnerToken,
  type TTestServer,
} from '../../../test/test-server.ts';
import { routedWebDist } from '../../../test/web-build.ts';
import { OWNER_PAGE_COOKIE } from './owner-page-cookie.ts';

/**
 * The owner's dashboard drawn on the server (issue 34 item 7): the page cookie, who gets a drawn
 * page, and what happens when drawing fails. The drawing worker here is a fixture speaking the real
 * worker's protocol (apps/web/src/ssr/owner-page-worker.ts): it asks for owner.me through the
 * server, as the app does, and draws the name it gets. The real worker's drawing is tested in the
 * web app (ssr/owner-page-render.test.tsx) and in the browser journeys.
 */
const FIXTURE_WORKER = `
import { parentPort } from 'node:worker_threads';
const waiting = new Map();
let lastFetchId = 0;
parentPort.on('message', async (message) => {
  if (message.type === 'answer') return waiting.get(message.fetchId)?.(message);
  if (message.type !== 'render') return;
  if (message.job.url.includes('stuck')) return;
  if (message.job.url.includes('crash')) process.exit(1);
  if (message.job.url.includes('write')) {
    const fetchId = ++lastFetchId;
    const answer = new Promise((resolve) => waiting.set(fetchId, resolve));
    parentPort.postMessage({ type: 'fetch', jobId: message.jobId, fetchId, url: '/trpc/owner.logout?batch=1', method: 'POST', body: '{}', branch: null });
    const { status } = await answer;
    return parentPort.postMessage({ type: 'rendered', jobId: message.jobId, page: { html: '<main>write ' + status + '</main>', state: {}, title: 'x' } });
  }
  const fetchId = ++lastFetchId;
  const answer = new Promise((resolve) => waiting.set(fetchId, resolve));
  parentPort.postMessage({ type: 'fetch', jobId: message.jobId, fetchId, url: '/trpc/owner.me?batch=1&input=%7B%7D', method: 'GET', body: null, branch: null });
  const { status, body } = await answer;
  const name = status === 200 ? JSON.parse(body)[0].result.data.name : null;
  parentPort.postMessage({
    type: 'rendered',
    jobId: message.jobId,
    page: name ? { html: '<title>Dashboard</title><main>Hi, ' + name + '</main>', state: { tokenSeen: message.job.token, timeZone: message.job.timeZone ?? null }, title: 'Dashboard | StarLoop' } : undefined,
  });
});
parentPort.postMessage({ type: 'ready' });
`;

const TEMPLATE =
  '<!doctype html><html><head><title>StarLoop</title><link rel="preload" as="style" crossorigin href="/assets/app-1.css"></head>' +
  '<body><div id="root" data-shell="owner"><!--owner-frame--><div class="frame"></div><!--/owner-frame--></div></body></html>';

describe(`owner page drawn on the server, ${testDriverName()}`, () => {
  let server: TTestServer;
  let asha: { id: number; token: string };
  let ravi: { id: number; token: string };

  beforeAll(async () => {
    const dist = await routedWebDist();
    writeFileSync(path.join(dist, 'owner-dashboard.html'), TEMPLATE);
    mkdirSync(path.join(dist, '.ssr'));
    writeFileSync(path.join(dist, '.ssr', 'owner-page-worker.js'), FIXTURE_WORKER);
    server = await createTestServer({}, { webDistDir: dist });
    const first = await createTestOwner(server, { name: 'Asha Page' });
    const second = await createTestOwner(server, { name: 'Ravi Page' });
    asha = { id: first.id, token: (await issueOwnerToken(server, first.id)).token };
    ravi = { id: second.id, token: (await issueOwnerToken(server, second.id)).token };
  });
  afterAll(async () => {
    await server?.stop();
  });

  const dashboard = (cookie?: string, url = '/dashboard') =>
    server.app.inject({
      method: 'GET',
      url,
      headers: cookie ? { cookie, 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' } : {},
    });
  const signIn = (token: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/owner/page-session',
      headers: { authorization: `Bearer ${token}` },
    });
  const pageCookie = (token: string) => `${OWNER_PAGE_COOKIE}=${token}`;
  /** The page once the worker is up (it starts with the server, or again after a failure). */
  async function drawnSoon(cookie: string) {
    for (let tries = 0; ; tries += 1) {
      const page = await dashboard(cookie);
      if (page.body.includes('<main>') || tries > 100) return page;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('sets the page cookie for a live owner token only: HttpOnly, SameSite=Strict, under /dashboard', async () => {
    // Nobody has signed in: the server carries no drawing worker yet.
    const renderer = server.ownerPage;
    expect(renderer?.running()).toBe(false);
    const refused = await server.app.inject({ method: 'POST', url: '/api/owner/page-session' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(renderer?.running()).toBe(false);

    const given = await signIn(asha.token);
    expect(given.statusCode).toBe(204);
    // The dashboard comes next: its drawing starts with the sign-in.
    expect(renderer?.running()).toBe(true);
    const cookie = String(given.headers['set-cookie']);
    expect(cookie).toContain(`${OWNER_PAGE_COOKIE}=${asha.token}`);
    expect(cookie).toMatch(/; Path=\/dashboard(;|$)/);
    expect(cookie).toContain('; HttpOnly');
    expect(cookie).toContain('; SameSite=Strict');
    expect(cookie).toMatch(/; Max-Age=\d+/);
    // Served over plain HTTP here (APP_URL http://...): no Secure, or the browser would drop it.
    expect(cookie).not.toContain('Secure');

    const dropped = await server.app.inject({ method: 'DELETE', url: '/api/owner/page-session' });
    expect(dropped.statusCode).toBe(204);
    expect(String(dropped.headers['set-cookie'])).toMatch(
      new RegExp(`^${OWNER_PAGE_COOKIE}=; Max-Age=0; Path=/dashboard`),
    );
  });

  it("draws each person's own dashboard, never stored by a cache, without the token reaching the drawing", async () => {
    const forAsha = await drawnSoon(pageCookie(asha.token));
    expect(forAsha.statusCode).toBe(200);
    expect(forAsha.body).toContain('<main>Hi, Asha Page</main>');
    expect(forAsha.body).not.toContain('Ravi Page');
    expect(forAsha.body).not.toContain('class="frame"');
    // No taps until the app has hydrated it (main.tsx removes the mark); the layout drawn (a phone,
    // as its user agent says) is the one main.tsx hydrates in.
    expect(forAsha.body).toContain('<div id="root" data-shell="owner" data-drawn="" data-layout="phone">');
    // The device's last page said wide: drawn wide, whatever its user agent says.
    const wide = await dashboard(`${pageCookie(asha.token)}; starloop_owner_layout=wide`);
    expect(wide.body).toContain('<div id="root" data-shell="owner" data-drawn="" data-layout="wide">');
    expect(forAsha.headers['cache-control']).toBe('private, no-store');
    expect(forAsha.headers.vary).toMatch(/cookie/i);
    // The markup needs its stylesheets for its first paint; the title is the route's, in <head>.
    expect(forAsha.body).toContain('<link rel="stylesheet" crossorigin href="/assets/app-1.css">');
    expect(forAsha.body).toContain('<title>Dashboard | StarLoop</title>');
    expect(forAsha.body.match(/<title>/g)).toHaveLength(1);
    expect(forAsha.body).toContain(
      '<script type="application/json" id="owner-page-state">{"tokenSeen":"page-cookie","timeZone":null}</script>',
    );
    expect(forAsha.body).not.toContain(asha.token);

    const forRavi = await dashboard(pageCookie(ravi.token));
    expect(forRavi.body).toContain('<main>Hi, Ravi Page</main>');
    expect(forRavi.body).not.toContain('Asha Page');

    // Dates as the device shows them: the time zone its last page said, when it is a real one.
    const inKolkata = await dashboard(`${pageCookie(ravi.token)}; starloop_owner_tz=Asia%2FKolkata`);
    expect(inKolkata.body).toContain('"timeZone":"Asia/Kolkata"');
    const bogus = await dashboard(`${pageCookie(ravi.token)}; starloop_owner_tz=Mars%2FOlympus`);
    expect(bogus.body).toContain('"timeZone":null');
  });

  it('sends the frame as before without a cookie, and removes a cookie whose token is no longer live', async () => {
    const anonymous = await dashboard();
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).toBe(TEMPLATE);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(anonymous.headers['set-cookie']).toBeUndefined();

    const forged = await dashboard(pageCookie(`${asha.token.slice(0, -4)}AAAA`));
    expect(forged.body).toBe(TEMPLATE);
    expect(String(forged.headers['set-cookie'])).toContain('Max-Age=0');

    const signedOut = await createTestOwner(server, { name: 'Signed Out' });
    const issued = await issueOwnerToken(server, signedOut.id);
    const session = await server.deps.tokens.verify('owner', issued.token);
    await server.deps.tokens.revoke(session?.sessionId ?? '');
    const revoked = await dashboard(pageCookie(issued.token));
    expect(revoked.body).toBe(TEMPLATE);
    expect(revoked.body).not.toContain('Signed Out');
    expect(String(revoked.headers['set-cookie'])).toContain('Max-Age=0');
  });

  it('sends the frame when the drawing is stuck or the worker dies, and draws again after', async () => {
    await drawnSoon(pageCookie(asha.token));
    const stuck = await dashboard(pageCookie(asha.token), '/dashboard?stuck=1');
    expect(stuck.statusCode).toBe(200);
    expect(stuck.body).toBe(TEMPLATE);

    expect((await drawnSoon(pageCookie(asha.token))).body).toContain('<main>Hi, Asha Page</main>');
    const crashed = await dashboard(pageCookie(asha.token), '/dashboard?crash=1');
    expect(crashed.statusCode).toBe(200);
    expect(crashed.body).toBe(TEMPLATE);

    expect((await drawnSoon(pageCookie(asha.token))).body).toContain('<main>Hi, Asha Page</main>');
  });

  it('lets the drawing read only: a write it asks for is refused and the session stays', async () => {
    await drawnSoon(pageCookie(asha.token));
    const page = await dashboard(pageCookie(asha.token), '/dashboard?write=1');
    expect(page.body).toContain('<main>write 405</main>');
    expect(await server.deps.tokens.verify('owner', asha.token)).toBeDefined();
  });

  it('never serves the drawing worker itself', async () => {
    const worker = await server.app.inject({ method: 'GET', url: '/.ssr/owner-page-worker.js' });
    expect(worker.statusCode).toBe(404);
  });
});
