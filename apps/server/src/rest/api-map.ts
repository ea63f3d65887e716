import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadConfig } from '@starloop/config';
import type { AnyTRPCProcedure } from '@trpc/server';
import Fastify from 'fastify';
import type { TDeps } from '../context.ts';
import type { TOperationMeta } from '../trpc/operation-meta.ts';
import { appRouter } from '../trpc/router.ts';
import { routeRegistry, type TRouteDoc } from './define-route.ts';
import { restApi } from './index.ts';

/*
 * docs/api-map.md, built from the code: every tRPC procedure of the router (its path, query or
 * mutation, who may call it, its REST binding, its file) and every REST route that is not a
 * procedure (the route registry). No fields: those are in the OpenAPI document and in the
 * contract schemas each operation's file names. `npm run docs:api-map` writes it; api-map.test.ts
 * fails when the committed file differs.
 */

export const API_MAP_COMMAND = 'npm run docs:api-map';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const domainsDir = path.join(srcDir, 'domains');
const routerFile = path.join(srcDir, 'trpc', 'router.ts');
const repoRoot = path.resolve(srcDir, '..', '..', '..');

/** The committed map. */
export const API_MAP_FILE = path.join(repoRoot, 'docs', 'api-map.md');

export interface TApiMapRow {
  /** system, public, payments, owner, admin, … */
  area: string;
  /** The tRPC path; undefined for a REST route that is not a procedure. */
  procedure?: string;
  kind: 'query' | 'mutation' | 'rest';
  who: string;
  /** `POST /api/users/login`, or undefined. */
  rest?: string;
  /** Relative to apps/server/src/domains/ (`../rest/…` outside it); undefined when not derivable. */
  file?: string;
}

const relativeToDomains = (file: string) => path.relative(domainsDir, file).split(path.sep).join('/');

/**
 * Every operation object the router imports, with the file it comes from: router.ts's import
 * lines, each module loaded (already loaded by the router, so the same objects) and matched by
 * identity with the router's procedures.
 */
async function procedureFiles(): Promise<Map<unknown, string>> {
  const source = readFileSync(routerFile, 'utf8');
  const files = new Map<unknown, string>();
  for (const [, names = '', spec = ''] of source.matchAll(/^import\s+\{([^}]*)\}\s+from\s+'([^']+)';/gm)) {
    if (!spec.startsWith('.')) continue;
    const file = path.resolve(path.dirname(routerFile), spec);
    if (!file.startsWith(domainsDir + path.sep)) continue;
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const entry of names.split(',')) {
      const name = entry
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name && module[name] !== undefined) files.set(module[name], relativeToDomains(file));
    }
  }
  return files;
}

/** `METHOD /api/path` of a registry route, as the REST adapter serves it. */
const restId = (method: string, url: string) => `${method} /api${url}`;

/** The `.ts` files of a stack trace, innermost first. */
const stackFiles = (stack: string) =>
  stack
    .split('\n')
    .map((line) => /(?:\(|\bat )((?:file:\/\/)?\/.*?\.ts):\d+:\d+\)?\s*$/.exec(line)?.[1])
    .filter((file): file is string => file !== undefined)
    .map((file) => (file.startsWith('file://') ? fileURLToPath(file) : file));

/**
 * The REST plugin registered on a bare Fastify (no database, no server: the routes only read their
 * dependencies when called), as the server registers it, which fills the route registry. Each
 * route defined with defineRestRoute is traced to the file that called it.
 */
async function registerRestRoutes(): Promise<Map<string, string>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'starloop-api-map-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    TOKEN_SECRET: 'api-map-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
  });
  const defineRoute = path.join(srcDir, 'rest', 'define-route.ts');
  const files = new Map<string, string>();
  const app = Fastify({ logger: false });
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 100;
  app.addHook('onRoute', (route) => {
    const frames = stackFiles(new Error().stack ?? '');
    const at = frames.indexOf(defineRoute);
    const caller = at === -1 ? undefined : frames.slice(at).find((file) => file !== defineRoute);
    if (!caller) return;
    for (const method of [route.method].flat())
      files.set(`${method} ${route.url}`, relativeToDomains(caller));
  });
  try {
    await app.register(restApi, { prefix: '/api', deps: { config } as TDeps });
    await app.ready();
  } finally {
    Error.stackTraceLimit = limit;
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return files;
}

const WEBHOOK_PROOF: Record<NonNullable<TRouteDoc['webhookScheme']> | 'razorpay', string> = {
  razorpay: 'Razorpay signature',
  whatsappSignature: 'WhatsApp signature',
  urlToken: 'token in the path',
  pubsubOidc: 'Pub/Sub OIDC token',
};

const routeWho = (route: TRouteDoc) =>
  route.auth === 'webhook' ? `webhook (${WEBHOOK_PROOF[route.webhookScheme ?? 'razorpay']})` : route.auth;

/** Every operation of the API, unsorted. */
export async function collectApiMap(): Promise<TApiMapRow[]> {
  const routeFiles = await registerRestRoutes();
  const operationFiles = await procedureFiles();
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>;
  const rows: TApiMapRow[] = [];
  const bound = new Set<string>();
  for (const [procedurePath, procedure] of Object.entries(procedures)) {
    const meta = procedure._def.meta as TOperationMeta | undefined;
    const file = operationFiles.get(procedure);
    if (!file) {
      throw new Error(`${procedurePath}: no import of trpc/router.ts from domains/ gives its operation`);
    }
    const auth = meta?.auth ?? 'public';
    const rest = meta?.rest && restId(meta.rest.method, meta.rest.path);
    if (rest) bound.add(rest);
    rows.push({
      area: procedurePath.split('.')[0] ?? procedurePath,
      procedure: procedurePath,
      kind: procedure._def.type === 'query' ? 'query' : 'mutation',
      who:
        auth === 'owner' && meta?.allowPendingOwner
          ? 'owner (pending too)'
          : meta?.allowClosedAccount
            ? `${auth} (closed account too)`
            : auth,
      ...(rest ? { rest } : {}),
      file,
    });
  }
  for (const route of routeRegistry) {
    const rest = restId(route.method, route.url);
    if (bound.has(rest)) continue;
    const file = routeFiles.get(rest);
    rows.push({
      // The file's first folder under domains/, else the path's first segment (/docs).
      area: file && !file.startsWith('../') ? (file.split('/')[0] ?? '') : (route.url.split('/')[1] ?? ''),
      kind: 'rest',
      who: routeWho(route),
      rest,
      ...(file ? { file } : {}),
    });
  }
  return rows;
}

/** Code unit order: the same on every machine, whatever its locale. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const restKey = (rest = '') => {
  const [method = '', url = ''] = rest.split(' ');
  return `${url} ${String(METHOD_ORDER.indexOf(method)).padStart(2, '0')}`;
};

/** Procedures by path, then the REST routes that are not procedures by path and method. */
function compareRows(a: TApiMapRow, b: TApiMapRow): number {
  if (a.procedure && b.procedure) return byText(a.procedure, b.procedure);
  if (a.procedure) return -1;
  if (b.procedure) return 1;
  return byText(restKey(a.rest), restKey(b.rest));
}

const PREAMBLE = `One definition per operation: a tRPC procedure (the web app calls it at \`/trpc/<path>\`) whose meta
may bind it to a REST path of spec section 7 (for the original front end, a mobile app or a
partner), served by the same procedure. The few REST routes that are not procedures (their answer
cannot be a procedure's: a webhook's raw body, a file download, the spec's composite stats answers)
are declared with \`defineRestRoute\` in \`*.route.ts\` files; \`-\` in the first column marks them.

Fields are not listed here. Every operation's input and output schemas are named in its file (the
contract's \`Z…\` schemas); every REST path, with its parameters, body and answers, is described by
the OpenAPI document at \`GET /api/docs/openapi.json\` (browsable at \`/api/docs\`). Dates are ISO
strings. Money: \`payments.amount\` in paise; manual payments in whole rupees; admin stats revenue in
rupees. Errors: REST \`{ success: false, message, field?, requestId }\` with a 4xx/5xx; tRPC errors
carry the same message, \`data.field\` and \`data.httpStatus\`.

Who may call: **public** (anyone), **owner** (owner token: \`Authorization: Bearer <authToken>\`;
*pending too*: also an owner whose registration is not paid yet), **admin** (admin token),
**super_admin** (the admin token of a super_admin), **api_key** (an owner's API key:
\`Authorization: Bearer sl_live_…\`, acting for that owner only), and **webhook**: a provider's
callback, each proving itself its own way (a signature, a token in the path, an OIDC token). Some
operations check more in their handler (the owner's plan, test mode): see their file.

Only the \`/api\` paths are the REST API: the tRPC transport (\`/trpc\`), the review page
(\`/review/:code\`), a review request's short link (\`/r/:token\`), \`/healthz\`, \`/readyz\`,
\`/metrics\` and the web app are served outside it and are not listed. Google's OAuth redirect has
no path of its own either: Google sends the browser back to the owner's Settings page
(\`/dashboard/settings?code=…&state=…\`), which calls \`owner.google.finishConnect\`. The web
app's own \`POST\` and \`DELETE /api/owner/page-session\` (the owner's page cookie, with which the
server draws \`/dashboard\`: docs/security.md) are not part of the API either.`;

const cell = (text: string | undefined) => (text ? text.replaceAll('|', '\\|') : '-');

/** The map as markdown: the preamble, then one table per area (the router's order, then the rest). */
export function renderApiMap(rows: TApiMapRow[]): string {
  const routerAreas = Object.keys(appRouter._def.record);
  const areas = [...new Set(rows.map((row) => row.area))].sort(
    (a, b) =>
      (routerAreas.includes(a) ? routerAreas.indexOf(a) : routerAreas.length) -
        (routerAreas.includes(b) ? routerAreas.indexOf(b) : routerAreas.length) || byText(a, b),
  );
  const lines = [
    '# API map: tRPC procedures and REST paths',
    '',
    `> Generated by \`${API_MAP_COMMAND}\` (apps/server/scripts/api-map.ts, from the router and the REST`,
    '> route registry): do not edit by hand. apps/server/src/rest/api-map.test.ts fails when it is out',
    '> of date.',
    '',
    PREAMBLE,
  ];
  for (const area of areas) {
    const inArea = rows.filter((row) => row.area === area).sort(compareRows);
    const procedures = inArea.filter((row) => row.procedure).length;
    const routes = inArea.length - procedures;
    const counts = [
      procedures > 0 ? `${procedures} procedure${procedures === 1 ? '' : 's'}` : undefined,
      routes === 1 ? '1 REST route that is not a procedure' : undefined,
      routes > 1 ? `${routes} REST routes that are not procedures` : undefined,
    ].filter(Boolean);
    lines.push(
      '',
      `## ${area}`,
      '',
      `${counts.join('; ')}.`,
      '',
      '| tRPC path | Kind | Who | REST | File (apps/server/src/domains/) |',
      '|---|---|---|---|---|',
      ...inArea.map(
        (row) =>
          `| ${cell(row.procedure)} | ${row.kind} | ${cell(row.who)} | ${cell(row.rest)} | ${cell(row.file)} |`,
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** What `npm run docs:api-map` writes to docs/api-map.md. */
export async function buildApiMap(): Promise<string> {
  return renderApiMap(await collectApiMap());
}
