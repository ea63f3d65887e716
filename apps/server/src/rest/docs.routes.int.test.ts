import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TTestServer } from '../test/test-server.ts';
import { routeRegistry } from './define-route.ts';
import { openApiPath } from './openapi.ts';

/** Parsed JSON read loosely in assertions: any key, any depth. */
// biome-ignore lint/suspicious/noExplicitAny: the document's shape is what these tests check
type TJsonTree = any;

const SECURITY = {
  public: [],
  owner: [{ ownerBearer: [] }],
  admin: [{ adminBearer: [] }],
  super_admin: [{ adminBearer: [] }],
  webhook: [{ razorpaySignature: [] }],
  api_key: [{ apiKey: [] }],
  owner_or_api_key: [{ ownerBearer: [] }, { apiKey: [] }],
} as const;
const WEBHOOK_SECURITY = {
  whatsappSignature: [{ whatsappSignature: [] }],
  urlToken: [],
  pubsubOidc: [{ pubsubOidc: [] }],
} as const;

describe(`API documentation on ${testDriverName()}`, () => {
  let server: TTestServer;
  let document: TJsonTree;
  beforeAll(async () => {
    server = await createTestServer();
    const res = await server.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    document = JSON.parse(res.body);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('is an OpenAPI 3.1.0 document', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('StarLoop API');
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      'adminBearer',
      'apiKey',
      'ownerBearer',
      'pubsubOidc',
      'razorpaySignature',
      'whatsappSignature',
    ]);
  });

  it('has every route of the registry, with its summary and security', () => {
    expect(routeRegistry.length).toBeGreaterThanOrEqual(15);
    for (const route of routeRegistry) {
      const op = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.url}`).toBeDefined();
      expect(op.summary).toBe(route.summary);
      expect(op.security).toEqual(
        route.webhookScheme ? WEBHOOK_SECURITY[route.webhookScheme] : SECURITY[route.auth],
      );
      expect(op['x-auth']).toBe(route.auth);
    }
    const operations = Object.values(document.paths).flatMap((p) => Object.keys(p as object));
    expect(operations).toHaveLength(routeRegistry.length);
  });

  it('describes the admin agents and leads routes in detail', () => {
    const list = document.paths['/api/admin/agents'].get;
    const names = list.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['page', 'limit', 'search', 'sortBy', 'sortOrder']));
    const sortBy = list.parameters.find((p: { name: string }) => p.name === 'sortBy');
    expect(sortBy.schema.enum).toEqual(['code', 'name', 'email', 'phone', 'status', 'users', 'createdAt']);
    expect(Object.keys(list.responses['200'].content['application/json'].schema.properties).sort()).toEqual([
      'agents',
      'counts',
      'meta',
      'success',
    ]);
    const create = document.paths['/api/admin/agents'].post;
    expect(Object.keys(create.requestBody.content['application/json'].schema.properties)).toEqual([
      'name',
      'phone',
      'email',
    ]);
    expect(create.responses['201']).toBeDefined();
    const put = document.paths['/api/admin/leads/{id}'].put;
    expect(put.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    const download = document.paths['/api/reports/download'].get;
    expect(Object.keys(download.responses['200'].content)).toContain('text/csv; charset=utf-8');
  });

  it('serves a self-contained page that loads only same-origin files', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<script src="/api/docs/docs.js" defer></script>');
    // No inline script and nothing from another origin: the CSP allows only 'self'.
    expect(page.body.match(/<script/g)).toHaveLength(1);
    expect(page.body).not.toMatch(/(src|href)="https?:/);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const script = await server.app.inject({ method: 'GET', url: '/api/docs/docs.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain("fetch('/api/docs/openapi.json'");
    expect(script.body).not.toContain('innerHTML');
    expect(() => new Function(script.body)).not.toThrow();
  });
});
