import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TDeps } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { errorsPlugin } from '../plugins/errors.ts';
import { defineRestRoute } from './define-route.ts';

/**
 * defineRestRoute enforces what a route declares: its caller before the body is read, a webhook's
 * own check before its handler, and the documented shape of its answer.
 */
async function appWith(define: (app: ReturnType<typeof Fastify>, deps: TDeps) => void) {
  const app = Fastify();
  await app.register(errorsPlugin);
  // No token reaches the token service in these cases: a missing bearer is refused before it.
  const deps = { tokens: { verify: async () => undefined } } as unknown as TDeps;
  define(app, deps);
  await app.ready();
  return app;
}

describe('defineRestRoute', () => {
  it('refuses a signed-in route without a token before reading a body of any size', async () => {
    let ran = false;
    const app = await appWith((app, deps) =>
      defineRestRoute(
        app,
        deps,
        {
          method: 'POST',
          url: '/owner-only',
          summary: 'x',
          tags: [],
          auth: 'owner',
          permission: 'read',
          bodyLimit: 10,
        },
        async () => {
          ran = true;
          return { ok: true };
        },
      ),
    );
    const answer = await app.inject({
      method: 'POST',
      url: '/owner-only',
      payload: { big: 'x'.repeat(100) },
    });
    expect(answer.statusCode).toBe(401);
    expect(ran).toBe(false);
  });

  it("runs a webhook's check first and hands its handler what the check proved", async () => {
    const seen: string[] = [];
    const app = await appWith((app, deps) =>
      defineRestRoute(
        app,
        deps,
        {
          method: 'GET',
          url: '/hook/:token',
          summary: 'x',
          tags: [],
          auth: 'webhook',
          verify: (request) => {
            const { token } = request.params as { token: string };
            if (token !== 'good') throw new AppError('NOT_FOUND', 'Not found');
            return { ownerId: 7 };
          },
        },
        async (_request, _reply, proof) => {
          seen.push(`owner ${proof.ownerId}`);
          return { status: 'ok' };
        },
      ),
    );
    expect((await app.inject({ method: 'GET', url: '/hook/bad' })).statusCode).toBe(404);
    expect(seen).toEqual([]);
    const good = await app.inject({ method: 'GET', url: '/hook/good' });
    expect(good.json()).toEqual({ status: 'ok' });
    expect(seen).toEqual(['owner 7']);
  });

  it('a webhook cannot be declared without its check', async () => {
    await appWith((app, deps) => {
      // @ts-expect-error: auth 'webhook' needs verify
      defineRestRoute(
        app,
        deps,
        { method: 'POST', url: '/open', summary: 'x', tags: [], auth: 'webhook' },
        async () => ({}),
      );
    }).then(async (app) => {
      // And if the types are bypassed, the route refuses every call.
      expect((await app.inject({ method: 'POST', url: '/open', payload: {} })).statusCode).toBe(500);
    });
  });

  it('answers the documented shape, and a 500 (not the caller’s 400) when the answer breaks it', async () => {
    const app = await appWith((app, deps) => {
      const doc = {
        summary: 'x',
        tags: [],
        auth: 'public' as const,
        response: z.object({ count: z.number() }),
      };
      defineRestRoute(app, deps, { ...doc, method: 'GET', url: '/good' }, async () => ({
        count: 2,
        secret: 'x',
      }));
      defineRestRoute(app, deps, { ...doc, method: 'GET', url: '/bad' }, async () => ({ count: 'two' }));
    });
    const good = await app.inject({ method: 'GET', url: '/good' });
    expect(good.json()).toEqual({ count: 2 });
    const bad = await app.inject({ method: 'GET', url: '/bad' });
    expect(bad.statusCode).toBe(500);
    expect(bad.json().message).not.toContain('two');
  });
});
