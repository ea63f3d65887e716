import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readRoutePaths } from '../../../web/route-paths.ts';
import { PAGE_ROUTES_FILE } from '../plugins/page-routes.ts';
import { fixtureWebDist } from './test-server.ts';

let routePaths: Promise<string[]> | undefined;

/**
 * The web router's page paths, read from apps/web's route files by the router's generator, as the
 * web build lists them for the server (apps/web/route-paths.ts); once per test file (about a second).
 */
export const webRoutePaths = (): Promise<string[]> => {
  routePaths ??= readRoutePaths();
  return routePaths;
};

/** Lists `routes` in a web build the way the web build lists the router's pages. */
export function writePageRoutes(distDir: string, routes: readonly string[]): void {
  const file = path.join(distDir, PAGE_ROUTES_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(routes, null, 2)}\n`);
}

/** The fixture build's owner pages (apps/web/scripts/owner-html.mjs writes the real ones). */
export const fixtureOwnerPage = (page: 'owner.html' | 'owner-dashboard.html') =>
  `<!doctype html><title>${page}</title><div id="root" data-shell="owner"></div>`;

/**
 * fixtureWebDist() with the web router's pages listed, as a real build has them (the server
 * answers those 200 and any other page path 404), and the owner area's pages of its own.
 */
export async function routedWebDist(): Promise<string> {
  const dir = fixtureWebDist();
  writePageRoutes(dir, await webRoutePaths());
  for (const page of ['owner.html', 'owner-dashboard.html'] as const)
    writeFileSync(path.join(dir, page), fixtureOwnerPage(page));
  return dir;
}
