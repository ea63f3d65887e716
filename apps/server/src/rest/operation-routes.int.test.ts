import { testDriverName } from '@starloop/db/testing';
import type { AnyTRPCProcedure } from '@trpc/server';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorsPlugin } from '../plugins/errors.ts';
import {
  createTestAdmin,
  createTestOwner,
  createTestServer,
  issueOwnerToken,
  type TTestServer,
} from '../test/test-server.ts';
import {
  adminProcedure,
  ownerProcedure,
  publicProcedure,
  router,
  superAdminProcedure,
} from '../trpc/init.ts';
import type { TOperationMeta } from '../trpc/operation-meta.ts';
import { restResponse } from '../trpc/operation-meta.ts';
import { appRouter } from '../trpc/router.ts';
import { routeRegistry } from './define-route.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { registerOperationRoutes } from './operation-routes.ts';
import { inlinedSteps } from './run-procedure.ts';

const ZId = z.object({ id: z.coerce.number({ message: 'Invalid id' }).int().positive('Invalid id') });

/** A small API built with the same builders as the real one, to pin the adapter's rules down. */
const testRouter = router({
  things: {
    list: publicProcedure
      .meta({ rest: { method: 'GET', path: '/things', summary: 'List', tags: ['t'] } })
      .input(z.object({ page: z.coerce.number().int().min(1).default(1) }).prefault({}))
      .output(z.object({ page: z.number() }))
      .query(({ input }) => ({ page: input.page })),
    rename: adminProcedure
      .meta({ rest: { method: 'PUT', path: '/things/:id', params: ZId, summary: 'Rename', tags: ['t'] } })
      .input(z.object({ id: z.number().int(), name: z.string().min(2, 'Name is too short') }))
      .output(z.object({ id: z.number(), name: z.string(), by: z.string() }))
      .mutation(({ ctx, input }) => ({ ...input, by: ctx.session.admin.email })),
    create: superAdminProcedure
      .meta({ rest: { method: 'POST', path: '/things', summary: 'Create', tags: ['t'], status: 201 } })
      .input(z.object({ name: z.string() }))
      .output(z.object({ name: z.string() }))
      .mutation(({ input }) => input),
    mine: ownerProcedure('read')
      .meta({
        rest: {
          method: 'GET',
          path: '/things/mine',
          summary: 'Mine',
          tags: ['t'],
          headers: { 'cache-control': 'no-store' },
          response: restResponse(
            z.object({ code: z.string() }),
            z.object({ success: z.literal(true), thing: z.object({ code: z.string() }) }),
            (thing) => ({ success: true as const, thing }),
          ),
        },
      })
      .output(z.object({ code: z.string() }))
      .query(({ ctx }) => ({ code: ctx.session.owner.code })),
    broken: publicProcedure
      .meta({ rest: { method: 'GET', path: '/things/broken', summary: 'Broken', tags: ['t'] } })
      .output(z.object({ ok: z.literal(true) }))
      .query(() => ({ ok: 'yes' }) as unknown as { ok: true }),
  },
});

describe(`REST adapter over procedures on ${testDriverName()}`, () => {
  let server: TTestServer;
  let app: FastifyInstance;
  let admin: string;
  let superAdmin: string;
  let owner: string;
  let ownerCode: string;

  beforeAll(async () => {
    server = await createTestServer();
    app = Fastify();
    await app.register(errorsPlugin);
    registerOperationRoutes(app, server.deps, testRouter);
    await app.ready();
    const plain = await createTestAdmin(server, { role: 'admin', email: 'plain@starloop.test' });
    const sup = await createTestAdmin(server, { role: 'super_admin', email: 'super@starloop.test' });
    admin = `Bearer ${(await server.deps.tokens.issue('admin', plain.id)).token}`;
    superAdmin = `Bearer ${(await server.deps.tokens.issue('admin', sup.id)).token}`;
    const o = await createTestOwner(server);
    ownerCode = o.code;
    owner = `Bearer ${(await issueOwnerToken(server, o.id)).token}`;
  });
  afterAll(async () => {
    await app?.close();
    await server?.stop();
  });

  const put = (url: string, body: unknown, authorization?: string) =>
    app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      payload: JSON.stringify(body),
    });

  it('takes the input from the query string for GET, with the schema defaults', async () => {
    expect((await app.inject({ url: '/things' })).json()).toEqual({ page: 1 });
    expect((await app.inject({ url: '/things?page=3' })).json()).toEqual({ page: 3 });
    const bad = await app.inject({ url: '/things?page=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, field: 'page' });
  });

  it('authorizes before it reads the input: a bad id without a token is a 401, not a 400', async () => {
    const anonymous = await put('/things/not-a-number', { name: 'x' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Please sign in again.');
    expect((await put('/things/7', { name: 'Lamp' }, owner)).statusCode).toBe(401);
    const badId = await put('/things/not-a-number', { name: 'Lamp' }, admin);
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ message: 'Invalid id', field: 'id' });
  });

  it('merges path parameters into the body and validates the whole input with its messages', async () => {
    const ok = await put('/things/7', { name: 'Lamp' }, admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: 7, name: 'Lamp', by: 'plain@starloop.test' });
    const short = await put('/things/7', { name: 'L' }, admin);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: 'Name is too short', field: 'name' });
    // A body that is not an object is refused by the schema, not silently replaced by the path.
    expect((await put('/things/7', ['Lamp'], admin)).statusCode).toBe(400);
  });

  it('keeps super_admin operations from a plain admin (403) and answers the documented status', async () => {
    const call = (authorization: string) =>
      app.inject({
        method: 'POST',
        url: '/things',
        headers: { authorization, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'Chair' }),
      });
    const plain = await call(admin);
    expect(plain.statusCode).toBe(403);
    const created = await call(superAdmin);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ name: 'Chair' });
  });

  it("shapes the spec's answer from the output and sets the binding's headers", async () => {
    const res = await app.inject({ url: '/things/mine', headers: { authorization: owner } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ success: true, thing: { code: ownerCode } });
  });

  it('validates the output on REST too: a wrong answer is a 500 that says nothing of it', async () => {
    const res = await app.inject({ url: '/things/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).not.toMatch(/yes|ok/);
    expect(res.json().requestId).toBeTruthy();
  });

  it('documents every bound operation with the auth of its builder', () => {
    const docs = routeRegistry.filter((route) => route.url.startsWith('/things'));
    expect(Object.fromEntries(docs.map((route) => [`${route.method} ${route.url}`, route.auth]))).toEqual({
      'GET /things': 'public',
      'PUT /things/:id': 'admin',
      'POST /things': 'super_admin',
      'GET /things/mine': 'owner',
      'GET /things/broken': 'public',
    });
    // The path's id is documented as a path parameter (its params schema), not again in the body.
    const rename = buildOpenApiDocument(docs, 'http://localhost').paths['/api/things/{id}']!.put as {
      parameters: { name: string; in: string }[];
      requestBody: {
        content: { 'application/json': { schema: { properties: object; required: string[] } } };
      };
    };
    expect(rename.parameters.map(({ name, in: where }) => `${where} ${name}`)).toEqual(['path id']);
    const body = rename.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(['name']);
    expect(body.required).toEqual(['name']);
  });
});

describe('the API as built', () => {
  const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>);

  it('says who may call every operation and validates every output', () => {
    const undeclared = procedures
      .filter(([, procedure]) => !(procedure._def.meta as TOperationMeta | undefined)?.auth)
      .map(([path]) => path);
    expect(undeclared).toEqual([]);
    const unvalidated = procedures
      .filter(([, procedure]) => !(procedure._def as { output?: unknown }).output)
      .map(([path]) => path);
    expect(unvalidated).toEqual([]);
  });

  it('serves each documented REST path from exactly one operation', () => {
    const bound = procedures
      .map(([, procedure]) => (procedure._def.meta as TOperationMeta | undefined)?.rest)
      .filter((rest) => rest !== undefined)
      .map((rest) => `${rest.method} ${rest.path}`);
    expect(new Set(bound).size).toBe(bound.length);
  });

  it("runs every operation's parse, handler and output check inline on REST (run-procedure.ts)", () => {
    // Input (when it has one), output, handler: the chain's tail is tRPC's own steps everywhere.
    const walked = procedures
      .filter(([, procedure]) => {
        const inputs = (procedure._def as unknown as { inputs: unknown[] }).inputs.length;
        return inlinedSteps(procedure) !== inputs + 2;
      })
      .map(([path]) => path);
    expect(walked).toEqual([]);
  });
});
