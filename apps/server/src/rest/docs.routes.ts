import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../context.ts';
import { defineRestRoute, routeRegistry } from './define-route.ts';
import { buildOpenApiDocument, type TOpenApiDocument } from './openapi.ts';

/** What the document's own entry says of it: an OpenAPI 3.1 document (its full shape is OpenAPI's schema). */
const ZOpenApiDocument = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({ schemas: z.record(z.string(), z.unknown()) }),
});

/**
 * The API's own documentation: GET /api/docs/openapi.json (OpenAPI 3.1 built from routeRegistry)
 * and a small self-contained page at GET /api/docs. The page's script is served from here too:
 * the Content-Security-Policy allows only same-origin scripts (no CDN, no inline script).
 */
export async function docsRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  let cached: { size: number; document: TOpenApiDocument } | undefined;

  defineRestRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/docs/openapi.json',
      summary: 'The OpenAPI 3.1 document of every REST path',
      tags: ['docs'],
      auth: 'public',
      produces: ['application/json'],
      response: ZOpenApiDocument,
    },
    async (_request, reply) => {
      // Routes register once at start-up; rebuild only if the registry grew.
      if (!cached || cached.size !== routeRegistry.length) {
        cached = {
          size: routeRegistry.length,
          document: buildOpenApiDocument(routeRegistry, deps.config.appUrl),
        };
      }
      reply.header('cache-control', 'no-cache');
      return cached.document;
    },
  );

  defineRestRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/docs',
      summary: 'A browsable page of the API (reads /api/docs/openapi.json)',
      tags: ['docs'],
      auth: 'public',
      produces: ['text/html'],
    },
    async (_request, reply) => reply.type('text/html; charset=utf-8').send(DOCS_HTML),
  );

  defineRestRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/docs/docs.js',
      summary: 'The script of the documentation page',
      tags: ['docs'],
      auth: 'public',
      produces: ['text/javascript'],
    },
    async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(DOCS_JS),
  );
}

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>StarLoop API</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f6f7fb; color: #1d2330; }
  header { background: #1d2330; color: #fff; padding: 16px 24px; }
  header h1 { margin: 0; font-size: 20px; }
  header p { margin: 4px 0 0; opacity: .8; font-size: 14px; }
  header a { color: #9cc3ff; }
  main { max-width: 1100px; margin: 0 auto; padding: 16px 24px 48px; }
  #filter { width: 100%; box-sizing: border-box; padding: 10px 12px; font-size: 15px; border: 1px solid #c9cfdb; border-radius: 8px; }
  h2 { font-size: 16px; margin: 24px 0 8px; text-transform: capitalize; }
  details { background: #fff; border: 1px solid #dde2ec; border-radius: 8px; margin: 6px 0; }
  summary { cursor: pointer; padding: 10px 12px; display: flex; gap: 12px; align-items: baseline; flex-wrap: wrap; }
  .method { font: 600 12px ui-monospace, monospace; padding: 2px 8px; border-radius: 4px; color: #fff; min-width: 52px; text-align: center; }
  .GET { background: #2f7d32; } .POST { background: #1565c0; } .PUT { background: #b26a00; }
  .PATCH { background: #6a1b9a; } .DELETE { background: #c62828; }
  .path { font: 14px ui-monospace, monospace; }
  .summary { color: #4a5365; font-size: 14px; flex: 1; }
  .auth { font-size: 12px; padding: 2px 8px; border-radius: 10px; background: #eef1f7; color: #3a4457; }
  .body { padding: 0 12px 12px; font-size: 14px; }
  .body h3 { font-size: 13px; margin: 12px 0 4px; color: #4a5365; }
  pre { background: #f2f4f8; padding: 8px; border-radius: 6px; overflow: auto; font-size: 12px; margin: 0; }
  #status { color: #4a5365; }
</style>
</head>
<body>
<header>
  <h1>StarLoop API</h1>
  <p>Every REST path, generated from the server's route registry. Machine-readable: <a href="/api/docs/openapi.json">openapi.json</a></p>
</header>
<main>
  <input id="filter" type="search" placeholder="Filter by path, method, tag or summary" aria-label="Filter routes">
  <p id="status">Loading…</p>
  <div id="routes"></div>
</main>
<script src="/api/docs/docs.js" defer></script>
</body>
</html>
`;

/** Plain browser script: builds the page with textContent only (no HTML injection). */
const DOCS_JS = `'use strict';
(function () {
  var statusEl = document.getElementById('status');
  var routesEl = document.getElementById('routes');
  var filterEl = document.getElementById('filter');
  var items = [];

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function block(parent, title, value) {
    if (value === undefined) return;
    parent.appendChild(el('h3', '', title));
    parent.appendChild(el('pre', '', JSON.stringify(value, null, 2)));
  }

  fetch('/api/docs/openapi.json', { headers: { accept: 'application/json' } })
    .then(function (res) {
      if (!res.ok) throw new Error('HTTP error! status: ' + res.status);
      return res.json();
    })
    .then(function (doc) {
      var groups = {};
      Object.keys(doc.paths).sort().forEach(function (path) {
        Object.keys(doc.paths[path]).forEach(function (method) {
          var op = doc.paths[path][method];
          var tag = (op.tags && op.tags[op.tags.length - 1]) || 'other';
          (groups[tag] = groups[tag] || []).push({ path: path, method: method.toUpperCase(), op: op });
        });
      });
      Object.keys(groups).sort().forEach(function (tag) {
        var section = el('section');
        section.appendChild(el('h2', '', tag));
        groups[tag].forEach(function (entry) {
          var op = entry.op;
          var details = el('details');
          var summary = el('summary');
          summary.appendChild(el('span', 'method ' + entry.method, entry.method));
          summary.appendChild(el('span', 'path', entry.path));
          summary.appendChild(el('span', 'summary', op.summary || ''));
          summary.appendChild(el('span', 'auth', 'auth: ' + (op['x-auth'] || 'public')));
          details.appendChild(summary);
          var body = el('div', 'body');
          if (op.description) body.appendChild(el('p', '', op.description));
          block(body, 'Parameters', op.parameters);
          block(body, 'Request body', op.requestBody && op.requestBody.content);
          block(body, 'Responses', op.responses);
          details.appendChild(body);
          section.appendChild(details);
          items.push({
            node: details,
            text: [entry.method, entry.path, op.summary, (op.tags || []).join(' '), op['x-auth']].join(' ').toLowerCase(),
          });
        });
        routesEl.appendChild(section);
      });
      statusEl.textContent = items.length + ' operations. Schemas reference #/components/schemas in openapi.json.';
    })
    .catch(function (error) {
      statusEl.textContent = 'Could not load the API description: ' + error.message;
    });

  filterEl.addEventListener('input', function () {
    var needle = filterEl.value.trim().toLowerCase();
    items.forEach(function (item) {
      item.node.style.display = !needle || item.text.indexOf(needle) >= 0 ? '' : 'none';
    });
    document.querySelectorAll('section').forEach(function (section) {
      var visible = Array.prototype.some.call(section.querySelectorAll('details'), function (d) {
        return d.style.display !== 'none';
      });
      section.style.display = visible ? '' : 'none';
    });
  });
})();
`;
