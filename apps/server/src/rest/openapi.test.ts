import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TRouteDoc } from './define-route.ts';
import { buildOpenApiDocument, openApiPath, toJsonSchema } from './openapi.ts';

/** Parsed JSON read loosely in assertions: any key, any depth. */
// biome-ignore lint/suspicious/noExplicitAny: the document's shape is what these tests check
type TJsonTree = any;

const route = (overrides: Partial<TRouteDoc>): TRouteDoc => ({
  method: 'GET',
  url: '/things',
  summary: 'Things',
  tags: ['test'],
  auth: 'public',
  ...overrides,
});

/** Every `$ref` in the document points at a schema it has. */
function danglingRefs(document: { components: { schemas: Record<string, unknown> } }): string[] {
  const missing: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') {
          const name = value.replace('#/components/schemas/', '');
          if (!value.startsWith('#/components/schemas/') || !(name in document.components.schemas))
            missing.push(value);
        } else walk(value);
      }
    }
  };
  walk(document);
  return missing;
}

describe('OpenAPI document builder', () => {
  it('turns Fastify paths into OpenAPI paths under /api', () => {
    expect(openApiPath('/admin/agents/:id')).toBe('/api/admin/agents/{id}');
    expect(openApiPath('/reports/')).toBe('/api/reports');
  });

  it('describes parameters, body, response and security of a route', () => {
    const doc = buildOpenApiDocument(
      [
        route({
          method: 'PUT',
          url: '/things/:id',
          auth: 'admin',
          params: z.object({ id: z.coerce.number().int() }),
          querystring: z.object({ page: z.coerce.number().default(1), q: z.string() }),
          body: z.object({ name: z.string().trim().min(2) }),
          response: z.object({ success: z.literal(true) }),
        }),
        route({ url: '/owner-thing', auth: 'owner', status: 201 }),
        route({ url: '/file', auth: 'super_admin', produces: ['text/csv'] }),
      ],
      'https://api.test',
    );
    expect(doc.openapi).toBe('3.1.0');
    const op = doc.paths['/api/things/{id}']!.put as TJsonTree;
    expect(op.security).toEqual([{ adminBearer: [] }]);
    expect(op.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
      expect.objectContaining({ name: 'page', in: 'query', required: false }),
      expect.objectContaining({ name: 'q', in: 'query', required: true }),
    ]);
    expect(op.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', minLength: 2 } },
    });
    expect(op.responses['200'].content['application/json'].schema.properties.success).toEqual({
      type: 'boolean',
      const: true,
    });
    expect(op.responses['401']).toBeDefined();
    expect(op.responses['404']).toBeDefined();
    const owner = doc.paths['/api/owner-thing']!.get as TJsonTree;
    expect(owner.security).toEqual([{ ownerBearer: [] }]);
    expect(owner.responses['201']).toBeDefined();
    const file = doc.paths['/api/file']!.get as TJsonTree;
    expect(file.responses['200'].content['text/csv'].schema).toEqual({ type: 'string', format: 'binary' });
    expect(file.responses['403']).toBeDefined();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'adminBearer',
      'apiKey',
      'ownerBearer',
      'pubsubOidc',
      'razorpaySignature',
      'whatsappSignature',
    ]);
    expect(danglingRefs(doc)).toEqual([]);
  });

  it('describes a path parameter only in the path, whatever the shape of the input', () => {
    const doc = buildOpenApiDocument(
      [
        // An intersection (ZIdInput.and(...)): the id leaves the body, the rest stays.
        route({
          method: 'PUT',
          url: '/things/:id',
          params: z.object({ id: z.string().regex(/^\d+$/) }),
          body: z.object({ id: z.number().int() }).and(z.object({ name: z.string().optional() })),
        }),
        // No params schema: the path parameter is described by the input field it fills.
        route({
          url: '/codes/:code',
          querystring: z.object({ code: z.string().max(32), p: z.string().optional() }),
        }),
        // Only the path's field: no body at all.
        route({ method: 'POST', url: '/things/:id/refund', body: z.object({ id: z.number().int() }) }),
      ],
      'https://api.test',
    );
    const put = doc.paths['/api/things/{id}']!.put as TJsonTree;
    expect(put.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d+$' } },
    ]);
    const body = put.requestBody.content['application/json'].schema;
    expect(JSON.stringify(body)).not.toContain('"id"');
    expect(JSON.stringify(body)).toContain('"name"');
    const code = doc.paths['/api/codes/{code}']!.get as TJsonTree;
    expect(code.parameters).toEqual([
      { name: 'code', in: 'path', required: true, schema: { type: 'string', maxLength: 32 } },
      expect.objectContaining({ name: 'p', in: 'query', required: false }),
    ]);
    expect((doc.paths['/api/things/{id}/refund']!.post as TJsonTree).requestBody).toBeUndefined();
  });

  it('describes a JSON answer among file or page types, and a page that refuses with a page', () => {
    const doc = buildOpenApiDocument(
      [
        route({
          url: '/page',
          querystring: z.object({ token: z.string() }),
          produces: ['text/html', 'application/json'],
          response: z.object({ ok: z.boolean() }),
        }),
      ],
      'https://api.test',
    );
    const page = doc.paths['/api/page']!.get as TJsonTree;
    expect(page.responses['200'].content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { ok: { type: 'boolean' } },
    });
    expect(page.responses['200'].content['text/html'].schema).toEqual({ type: 'string', format: 'binary' });
    expect(Object.keys(page.responses['400'].content)).toEqual(['application/json', 'text/html']);
  });

  it('survives a schema that cannot be converted', () => {
    const broken = { not: 'a zod schema' } as unknown as z.ZodType;
    const doc = buildOpenApiDocument(
      [
        route({ method: 'POST', url: '/odd', body: broken }),
        route({
          url: '/dates',
          response: z.object({ at: z.date(), n: z.bigint(), fn: z.custom<() => void>() }),
        }),
        route({ url: '/fine', response: z.object({ ok: z.boolean() }) }),
      ],
      'https://api.test',
    );
    const odd = doc.paths['/api/odd']!.post as TJsonTree;
    expect(odd.requestBody.content['application/json'].schema.description).toMatch(
      /^Schema not representable/,
    );
    expect(doc.paths['/api/dates']!.get).toBeDefined();
    expect(doc.paths['/api/fine']!.get).toBeDefined();
    expect(() => JSON.parse(JSON.stringify(doc))).not.toThrow();
  });

  it('moves $defs into components so references keep resolving', () => {
    const Money = z.object({ amount: z.number() }).meta({ id: 'Money' });
    const components: Record<string, unknown> = {};
    const json = toJsonSchema(z.object({ a: Money, b: Money }), 'output', 'op', components);
    expect(JSON.stringify(json)).toContain('#/components/schemas/op_Money');
    expect(components.op_Money).toMatchObject({ type: 'object' });
    expect(json.$defs).toBeUndefined();
    expect(json.$schema).toBeUndefined();
  });
});
