import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { TDeps } from '../context.ts';
import { drawnDashboard } from '../domains/owner/page/owner-page.service.ts';
import type { TOwnerPageRenderer } from '../domains/owner/page/owner-page-renderer.ts';
import { PAGE_ROUTES_FILE, readPageRoutes } from './page-routes.ts';

const API_PREFIXES = ['/api/', '/trpc/', '/internal/'];

const notBuilt = (reply: FastifyReply) =>
  reply
    .status(503)
    .type('text/plain')
    .send('The web app is not built yet. Run `npm run build` (npm start does this for you).');

/**
 * Serves the built web app. Deep links to app routes get index.html (200); any other page path
 * gets index.html with a 404 status so the app shows its 404 page and crawlers see the truth.
 * The app's routes are the web router's own, listed by the web build (page-routes.ts).
 */
export const webPlugin = fp(
  async (
    app: FastifyInstance,
    options: { distDir: string; deps?: TDeps; ownerPage?: TOwnerPageRenderer | undefined },
  ) => {
    const indexFile = path.join(options.distDir, 'index.html');
    const hasBuild = existsSync(indexFile);
    const pageRoutes = readPageRoutes(options.distDir, app.log);
    if (!hasBuild) {
      app.log.warn(
        { distDir: options.distDir },
        'web build not found: run `npm run build` to serve the web app',
      );
    } else {
      if (!existsSync(path.join(options.distDir, PAGE_ROUTES_FILE))) {
        app.log.warn(
          { distDir: options.distDir },
          `the web build has no ${PAGE_ROUTES_FILE}: every page path is answered 200 until the web app is built again`,
        );
      }
      await app.register(fastifyStatic, {
        root: options.distDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each hashed asset (vite.config.ts): sent as they are.
        preCompressed: true,
        // Hashed assets never change; index.html must always be revalidated.
        setHeaders(res, filePath) {
          res.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    }
    // Re-read when the build changes, so a rebuild never leaves a running server pointing at deleted chunks.
    const htmlFile = (file: string) => {
      let cached: { mtimeMs: number; html: string } | undefined;
      return async (): Promise<string | undefined> => {
        try {
          const { mtimeMs } = await stat(file);
          if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await readFile(file, 'utf8') };
          return cached.html;
        } catch {
          return undefined;
        }
      };
    };
    const indexHtml = htmlFile(indexFile);
    /**
     * The landing page rendered at build time (apps/web/scripts/prerender-landing.mjs): it paints
     * before any script runs, then the app hydrates it. Only for `/` itself; a build without it
     * (older, or `vite build` alone) gets index.html as before.
     */
    const landingHtml = htmlFile(path.join(options.distDir, 'landing.html'));
    // A route of its own (not the not-found handler below): routes are compressed, and the landing
    // page is 54 KB of markup, 8 KB as brotli.
    app.get('/', async (_request, reply) => {
      const html = (await landingHtml()) ?? (await indexHtml());
      if (!html) return notBuilt(reply);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    });

    /**
     * The owner area's pages (apps/web/scripts/owner-html.mjs): index.html with the area's chunks
     * preloaded and its frame drawn before any script; /dashboard itself with the dashboard's chunks
     * as well. A build without them gets index.html.
     */
    const ownerHtml = htmlFile(path.join(options.distDir, 'owner.html'));
    const ownerDashboardHtml = htmlFile(path.join(options.distDir, 'owner-dashboard.html'));
    // /dashboard drawn for the person whose page cookie comes with the request (owner-page.service.ts).
    const renderer = options.ownerPage;

    // A route of its own, as `/` (compressed): drawn for the person, the page is 40 KB of markup.
    app.get('/dashboard', async (request, reply) => {
      const template = await ownerDashboardHtml();
      const drawn =
        renderer && options.deps && template
          ? await drawnDashboard(options.deps, renderer, request, reply, template)
          : undefined;
      if (drawn) {
        // The person's own data: never stored by a cache, and a page per cookie.
        return reply
          .header('cache-control', 'private, no-store')
          .header('vary', 'cookie')
          .type('text/html; charset=utf-8')
          .send(drawn);
      }
      const html = template ?? (await indexHtml());
      if (!html) return notBuilt(reply);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    });

    const pageHtml = async (pathname: string, known: boolean) => {
      const page = pathname.replace(/\/+$/, '');
      if (known && page === '/dashboard') return (await ownerDashboardHtml()) ?? indexHtml();
      if (known && page.startsWith('/dashboard/')) return (await ownerHtml()) ?? indexHtml();
      return indexHtml();
    };

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage = request.method === 'GET' || request.method === 'HEAD';
      if (!isPage || API_PREFIXES.some((p) => pathname.startsWith(p)) || pathname === '/api') {
        return reply
          .status(404)
          .send({ success: false, message: `Not found: ${request.method} ${pathname}` });
      }
      if (/\.[a-z0-9]{1,8}$/i.test(pathname)) {
        return reply.status(404).type('text/plain').send('Not found');
      }
      // A build without the list (made before it existed) cannot tell: the app decides on the page.
      const known = (await pageRoutes.isPage(pathname)) ?? true;
      const html = await pageHtml(pathname, known);
      if (!html) return notBuilt(reply);
      return reply
        .status(known ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    });
  },
);
