import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ROUTE_PATHS_FILE } from '../../../web/route-paths.ts';
import { PAGE_ROUTES_FILE, pageRouteMatcher, readPageRoutes } from './page-routes.ts';

describe('pageRouteMatcher', () => {
  const isPage = pageRouteMatcher([
    '/',
    '/dashboard',
    '/dashboard/requests',
    '/dashboard/requests/contacts/$contactId',
    '/files/$',
    '/posts/{-$category}/all',
    '/avatars/user-{$id}.png',
  ]);

  it('matches static paths, ignoring trailing slashes and case (the router is not case-sensitive)', () => {
    for (const path of ['/', '/dashboard', '/dashboard/', '/Dashboard/Requests', '/dashboard/requests//']) {
      expect(isPage(path), path).toBe(true);
    }
    for (const path of ['/dashboard/nope', '/dashboards', '/dash', '/dashboard/requests/extra', '//x']) {
      expect(isPage(path), path).toBe(false);
    }
  });

  it('lets a $param stand for exactly one segment', () => {
    expect(isPage('/dashboard/requests/contacts/42')).toBe(true);
    expect(isPage('/dashboard/requests/contacts/a%20b')).toBe(true);
    expect(isPage('/dashboard/requests/contacts')).toBe(false);
    expect(isPage('/dashboard/requests/contacts/42/extra')).toBe(false);
  });

  it('knows the splat, optional and prefixed parameters of the router', () => {
    expect(isPage('/files')).toBe(true);
    expect(isPage('/files/a/b/c.txt')).toBe(true);
    expect(isPage('/posts/all')).toBe(true);
    expect(isPage('/posts/tech/all')).toBe(true);
    expect(isPage('/posts/tech/more/all')).toBe(false);
    expect(isPage('/avatars/user-7.png')).toBe(true);
    expect(isPage('/avatars/7.png')).toBe(false);
  });

  it('reads static segments decoded and refuses a path that cannot be decoded', () => {
    expect(isPage('/%64ashboard')).toBe(true);
    expect(isPage('/dashboard/%E0%A4%A')).toBe(false);
  });

  it('treats regular-expression characters in a route as text', () => {
    const dotted = pageRouteMatcher(['/a.b']);
    expect(dotted('/a.b')).toBe(true);
    expect(dotted('/axb')).toBe(false);
  });
});

describe('readPageRoutes', () => {
  const log = { error: vi.fn() };
  const dist = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'starloop-page-routes-'));
    mkdirSync(path.join(dir, '.vite'));
    return dir;
  };

  it('reads the file the web build writes', () => {
    expect(PAGE_ROUTES_FILE).toBe(ROUTE_PATHS_FILE);
  });

  it("answers from the build's list and reads it again when the build changes", async () => {
    const dir = dist();
    const file = path.join(dir, PAGE_ROUTES_FILE);
    writeFileSync(file, JSON.stringify(['/', '/login']));
    const routes = readPageRoutes(dir, log);
    expect(await routes.isPage('/login')).toBe(true);
    expect(await routes.isPage('/terms')).toBe(false);
    writeFileSync(file, JSON.stringify(['/', '/login', '/terms']));
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect(await routes.isPage('/terms')).toBe(true);
  });

  it('cannot tell without a list, or with one it cannot read (and says so)', async () => {
    const dir = dist();
    const routes = readPageRoutes(dir, log);
    expect(await routes.isPage('/login')).toBeUndefined();
    writeFileSync(path.join(dir, PAGE_ROUTES_FILE), '{"routes": 1}');
    expect(await routes.isPage('/login')).toBeUndefined();
    expect(log.error).toHaveBeenCalledOnce();
  });
});
