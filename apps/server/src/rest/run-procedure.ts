import { type AnyTRPCProcedure, getTRPCErrorFromUnknown, TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { TRequestContext } from '../trpc/init.ts';

type TMiddlewareResult =
  | { ok: true; data: unknown; marker: string }
  | { ok: false; error: TRPCError; marker: string };

interface TNextOptions {
  ctx?: Record<string, unknown>;
  input?: unknown;
  getRawInput?: () => Promise<unknown>;
}

interface TStepOptions {
  ctx: Record<string, unknown>;
  path: string;
  type: 'query' | 'mutation';
  input: unknown;
  getRawInput: () => Promise<unknown>;
  signal: undefined;
}

type TMiddleware = ((
  options: TStepOptions & { meta: unknown; next: (next?: TNextOptions) => Promise<TMiddlewareResult> },
) => Promise<TMiddlewareResult>) & { _type?: string };

interface TProcedureDef {
  middlewares: TMiddleware[];
  meta: unknown;
  type: string;
  inputs: z.ZodType[];
  output?: z.ZodType;
  resolver?: (options: TStepOptions & { meta: unknown }) => unknown;
}

/** A procedure as this adapter runs it: its own middlewares, then the inlined tRPC tail. */
interface TCompiled {
  def: TProcedureDef;
  /** Index of the first of tRPC's own input/output/resolver steps; undefined: the whole chain is walked. */
  tail: number | undefined;
}

/** What tRPC's own chain tags results with; its middlewares pass it on unread. */
const MIDDLEWARE_MARKER = 'middlewareMarker';

const compiled = new WeakMap<AnyTRPCProcedure, TCompiled>();

/**
 * Runs a procedure for the REST adapter exactly as tRPC's `callProcedure` does: the procedure's own
 * middlewares (authorization, the input check, error mapping) step by step, then tRPC's input
 * parsing, handler and output validation. tRPC's published build copies the call options with a
 * down-levelled object-spread helper at every step and parses with `parseAsync`; on the review
 * page's calls that took about a third of the server's CPU (bench:public). So the middlewares are
 * walked with native spreads, and the tail (tRPC's own input, output and resolver steps, found by
 * their `_type` marks) runs inline with synchronous parses. The operation-routes and
 * authorization tests run every REST path through it; `@trpc/server` is pinned, since `_def` is its
 * internal.
 */
export async function runProcedure(
  procedure: AnyTRPCProcedure,
  call: { ctx: TRequestContext; path: string; getRawInput: () => Promise<unknown> },
): Promise<unknown> {
  const plan = planOf(procedure);
  const result = await step(plan, 0, {
    ctx: call.ctx as unknown as Record<string, unknown>,
    path: call.path,
    type: plan.def.type as TStepOptions['type'],
    input: undefined,
    getRawInput: call.getRawInput,
    signal: undefined,
  });
  if (!result.ok) throw result.error;
  return result.data;
}

function planOf(procedure: AnyTRPCProcedure): TCompiled {
  const known = compiled.get(procedure);
  if (known) return known;
  const def = procedure._def as unknown as TProcedureDef;
  const { middlewares } = def;
  let tail: number | undefined;
  // The resolver's own step is last; before it, tRPC's input and output steps in the order declared.
  if (def.resolver && middlewares.length > 0) {
    tail = middlewares.length - 1;
    while (tail > 0 && isTailStep(middlewares[tail - 1])) tail--;
    const inputSteps = middlewares.slice(tail).filter((middleware) => middleware._type === 'input').length;
    // Inputs declared between middlewares of the procedure's own: leave the whole chain to the walker.
    if (inputSteps !== def.inputs.length) tail = undefined;
  }
  const plan = { def, tail };
  compiled.set(procedure, plan);
  return plan;
}

/** How many of tRPC's own steps run inline for this procedure (for the tests). */
export function inlinedSteps(procedure: AnyTRPCProcedure): number {
  const { def, tail } = planOf(procedure);
  return tail === undefined ? 0 : def.middlewares.length - tail;
}

const isTailStep = (middleware: TMiddleware | undefined) =>
  middleware?._type === 'input' || middleware?._type === 'output';

async function step(plan: TCompiled, index: number, options: TStepOptions): Promise<TMiddlewareResult> {
  const { def } = plan;
  try {
    if (index === plan.tail)
      return { ok: true, data: await runTail(def, options), marker: MIDDLEWARE_MARKER };
    const middleware = def.middlewares[index];
    if (!middleware) throw new Error(`procedure ${options.path} ended without a result`);
    return await middleware({ ...options, meta: def.meta, next: nextStep(plan, index + 1, options) });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: MIDDLEWARE_MARKER };
  }
}

/** A middleware's `next`: the following step, with what the middleware passes on. */
function nextStep(plan: TCompiled, index: number, options: TStepOptions) {
  return (next?: TNextOptions) =>
    step(plan, index, {
      ...options,
      ctx: next?.ctx ? { ...options.ctx, ...next.ctx } : options.ctx,
      input: next && 'input' in next ? next.input : options.input,
      getRawInput: next?.getRawInput ?? options.getRawInput,
    });
}

/** tRPC merges inputs only when both sides are plain objects; the REST adapter merges path parameters by the same rule. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** tRPC's input steps (merged as it merges them), the resolver, then its output step. */
async function runTail(def: TProcedureDef, options: TStepOptions): Promise<unknown> {
  let input = options.input;
  if (def.inputs.length > 0) {
    const raw = await options.getRawInput();
    for (const schema of def.inputs) {
      let parsed: unknown;
      try {
        parsed = await parse(schema, raw);
      } catch (cause) {
        throw new TRPCError({ code: 'BAD_REQUEST', cause });
      }
      input = isPlainObject(input) && isPlainObject(parsed) ? { ...input, ...parsed } : parsed;
    }
  }
  const data = await (def.resolver as NonNullable<TProcedureDef['resolver']>)({
    ...options,
    input,
    meta: def.meta,
  });
  if (!def.output) return data;
  try {
    return await parse(def.output, data);
  } catch (cause) {
    throw new TRPCError({ message: 'Output validation failed', code: 'INTERNAL_SERVER_ERROR', cause });
  }
}

/** A synchronous parse, or the asynchronous one when the schema has an asynchronous step. */
function parse(schema: z.ZodType, value: unknown): unknown {
  let result: ReturnType<z.ZodType['safeParse']>;
  try {
    result = schema.safeParse(value);
  } catch (error) {
    if (error instanceof z.core.$ZodAsyncError) return schema.parseAsync(value);
    throw error;
  }
  if (!result.success) throw result.error;
  return result.data;
}
