import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_DIST } from '../server.ts';
import { createTestOwner, createTestServer, type TTestServer } from '../test/test-server.ts';
import { routedWebDist, webRoutePaths } from '../test/web-build.ts';
import { PAGE_ROUTES_FILE } from './page-routes.ts';

const readJson = (file: string): unknown =>
  existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;

/** A route's full path with each parameter filled: `$code` from `values`, any other id `7`. */
const fill = (route: string, values: Record<string, string>) =>
  route.replace(/\{-?\$([^}]*)\}|\$(\w*)/g, (_match, braced?: string, plain?: string) => {
    const name = braced ?? plain ?? '';
    return name === '' ? 'any/rest' : (values[name] ?? '7');
  });

/**
 * Every route of the web router answers 200. The routes are read from apps/web's route files by
 * the router's generator, as the web build lists them for the server, so a new route file is
 * covered here without a line of this test. The server runs on the web build (apps/web/dist) when
 * it lists the routes as they are now: always under CI, which builds before it tests (.ci/run);
 * otherwise (no build, or one older than a route file) on a fake build that lists them.
 */
describe(`the web router's pages on ${testDriverName()}`, () => {
  let server: TTestServer;
  let routes: string[];
  let distDir: string;
  let onBuild: boolean;
  let owner: Awaited<ReturnType<typeof createTestOwner>>;
  const html = (file: string) => readFileSync(path.join(distDir, file), 'utf8');

  beforeAll(async () => {
    routes = await webRoutePaths();
    onBuild =
      existsSync(path.join(DEFAULT_WEB_DIST, 'index.html')) &&
      isDeepStrictEqual(readJson(path.join(DEFAULT_WEB_DIST, PAGE_ROUTES_FILE)), routes);
    distDir = onBuild ? DEFAULT_WEB_DIST : await routedWebDist();
    server = await createTestServer({}, { webDistDir: distDir });
    owner = await createTestOwner(server, { businessName: 'Routes Test Cafe' });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const get = (url: string) => server.app.inject({ method: 'GET', url });

  it.runIf(Boolean(process.env.CI))('runs on the web build, which lists every route of the router', () => {
    expect(existsSync(path.join(DEFAULT_WEB_DIST, 'index.html')), 'apps/web/dist is not built').toBe(true);
    expect(readJson(path.join(DEFAULT_WEB_DIST, PAGE_ROUTES_FILE))).toEqual(routes);
    expect(onBuild).toBe(true);
  });

  it('reads the routes from the route files, nested and parameterised ones included', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        '/',
        '/dashboard/requests',
        '/dashboard/requests/contacts/$contactId',
        '/dashboard/requests/campaigns/$campaignId',
        '/admin-dashboard/system',
        '/admin-dashboard/account',
        '/admin-dashboard/audit',
      ]),
    );
  });

  it('answers 200 with the app for every route (the landing page for /, the owner pages for /dashboard…), each parameter filled', async () => {
    const app = html('index.html');
    const built = (file: string) => (existsSync(path.join(distDir, file)) ? html(file) : app);
    const landing = built('landing.html');
    const ownerDashboard = built('owner-dashboard.html');
    const ownerPage = built('owner.html');
    const pageOf = (route: string) =>
      route === '/'
        ? landing
        : route === '/dashboard'
          ? ownerDashboard
          : route.startsWith('/dashboard/')
            ? ownerPage
            : app;
    const pages = routes.filter((route) => !/^\/review(\/|$)/.test(route));
    expect(pages.length).toBeGreaterThan(20);
    for (const route of pages) {
      const url = fill(route, {});
      const res = await get(url);
      expect(res.statusCode, `${route} (${url})`).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body === pageOf(route), `${url} is not the app`).toBe(true);
      // With a trailing slash and a query as well.
      const slashed = await get(`${url}/?from=test`);
      expect(slashed.statusCode, `${url}/?from=test`).toBe(200);
      if (route !== '/') expect(slashed.body === pageOf(route), `${url}/?from=test`).toBe(true);
    }
  });

  it("leaves the review page's routes to the server-rendered review page (200 for a business)", async () => {
    const review = routes.filter((route) => /^\/review(\/|$)/.test(route));
    expect(review).toEqual(['/review', '/review/$code']);
    for (const route of review) {
      const url = fill(route, { code: owner.code });
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).not.toBe(html('index.html'));
    }
    expect((await get(`/review/${owner.code}`)).body).toContain('Routes Test Cafe');
  });

  it('answers 404 with the app (its 404 page) for page paths that are no route', async () => {
    const app = html('index.html');
    for (const url of [
      '/dashboard/nope',
      '/admin-dashboard/users/extra',
      '/nope',
      '/dashboard/requests/contacts',
      '/dashboard/requests/contacts/7/extra',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body === app, `${url} is not the app`).toBe(true);
    }
  });
});
