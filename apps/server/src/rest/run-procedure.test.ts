import { initTRPC, TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TRequestContext } from '../trpc/init.ts';
import { inlinedSteps, runProcedure } from './run-procedure.ts';

/**
 * runProcedure must answer as tRPC's own caller does for the same procedure: same data, same error
 * code, same cause. Each case runs through both and compares.
 */
const t = initTRPC.context<{ user?: string; seen: string[] }>().create();

const counted = t.middleware(({ ctx, next }) => {
  ctx.seen.push('middleware');
  return next({ ctx: { user: 'asha' } });
});

const procedures = {
  plain: t.procedure
    .input(z.object({ code: z.string().min(3) }))
    .output(z.object({ code: z.string(), user: z.string().nullable() }))
    .query(({ input, ctx }) => ({ code: input.code, user: ctx.user ?? null })),
  withMiddleware: t.procedure
    .use(counted)
    .input(z.object({ code: z.string() }))
    .query(({ input, ctx }) => `${ctx.user}:${input.code}`),
  // Two inputs merge, as tRPC merges them.
  twoInputs: t.procedure
    .input(z.object({ a: z.string() }))
    .input(z.object({ b: z.coerce.number() }))
    .query(({ input }) => input),
  // An input declared before a middleware: the middleware sees the parsed input.
  inputBeforeMiddleware: t.procedure
    .input(z.object({ n: z.coerce.number() }))
    .use(({ input, next }) => {
      if ((input as { n: number }).n > 9) throw new TRPCError({ code: 'FORBIDDEN' });
      return next();
    })
    .query(({ input }) => input.n * 2),
  asyncRefine: t.procedure
    .input(z.object({ code: z.string().refine(async (code) => code !== 'taken', 'Code is taken') }))
    .mutation(({ input }) => input.code),
  badOutput: t.procedure.output(z.object({ ok: z.literal(true) })).query(() => ({ ok: false }) as never),
  throws: t.procedure.query(() => {
    throw new TRPCError({ code: 'CONFLICT', message: 'Already there' });
  }),
  noInput: t.procedure.query(({ input }) => ({ input: input ?? null })),
};
const router = t.router(procedures);
type TName = keyof typeof procedures;

async function both(name: TName, raw: unknown) {
  const seenByTrpc: string[] = [];
  const seenByRest: string[] = [];
  const caller = t.createCallerFactory(router)({ seen: seenByTrpc });
  const settle = (promise: Promise<unknown>) =>
    promise.then(
      (data) => ({ data }),
      (error: TRPCError) => ({
        code: error.code,
        message: error.message,
        cause: error.cause?.constructor.name,
      }),
    );
  const trpc = await settle((caller[name] as (input: unknown) => Promise<unknown>)(raw));
  const rest = await settle(
    runProcedure(procedures[name], {
      path: name,
      ctx: { seen: seenByRest } as unknown as TRequestContext,
      getRawInput: async () => raw,
    }),
  );
  expect(seenByRest).toEqual(seenByTrpc);
  return { trpc, rest };
}

describe('runProcedure', () => {
  it.each<[TName, unknown]>([
    ['plain', { code: 'abc' }],
    ['plain', { code: 'ab' }],
    ['plain', 'not an object'],
    ['withMiddleware', { code: 'x' }],
    ['twoInputs', { a: 'x', b: '4' }],
    ['twoInputs', { a: 'x', b: 'four' }],
    ['inputBeforeMiddleware', { n: '3' }],
    ['inputBeforeMiddleware', { n: '12' }],
    ['asyncRefine', { code: 'free' }],
    ['asyncRefine', { code: 'taken' }],
    ['badOutput', undefined],
    ['throws', undefined],
    ['noInput', undefined],
  ])('%s with %j answers as tRPC does', async (name, raw) => {
    const { trpc, rest } = await both(name, raw);
    expect(rest).toEqual(trpc);
  });

  it('reports what the cases above compare', async () => {
    expect((await both('plain', { code: 'ab' })).rest).toMatchObject({
      code: 'BAD_REQUEST',
      cause: 'ZodError',
    });
    expect((await both('asyncRefine', { code: 'taken' })).rest).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await both('badOutput', undefined)).rest).toMatchObject({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Output validation failed',
    });
    expect((await both('twoInputs', { a: 'x', b: '4' })).rest).toEqual({ data: { a: 'x', b: 4 } });
    expect((await both('inputBeforeMiddleware', { n: '12' })).rest).toMatchObject({ code: 'FORBIDDEN' });
    expect((await both('withMiddleware', { code: 'x' })).rest).toEqual({ data: 'asha:x' });
  });

  it("runs tRPC's own input, output and resolver steps inline where they close the chain", () => {
    expect(inlinedSteps(procedures.plain)).toBe(3);
    expect(inlinedSteps(procedures.withMiddleware)).toBe(2);
    expect(inlinedSteps(procedures.twoInputs)).toBe(3);
    expect(inlinedSteps(procedures.noInput)).toBe(1);
    // An input before a middleware of the procedure's own: the whole chain is walked as declared.
    expect(inlinedSteps(procedures.inputBeforeMiddleware)).toBe(0);
  });
});
