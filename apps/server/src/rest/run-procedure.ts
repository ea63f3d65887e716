import { type AnyTRPCProcedure, getTRPCErrorFromUnknown, type TRPCError } from '@trpc/server';
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

type TMiddleware = (
  options: TStepOptions & { meta: unknown; next: (next?: TNextOptions) => Promise<TMiddlewareResult> },
) => Promise<TMiddlewareResult>;

/** What tRPC's own chain tags results with; its middlewares pass it on unread. */
const MIDDLEWARE_MARKER = 'middlewareMarker';

/**
 * Runs a procedure's own middleware chain (authorization, input parsing, handler, output
 * validation), exactly as tRPC's `callProcedure` does, for the REST adapter. tRPC's published build
 * copies the call options with a down-levelled object-spread helper at every step; on the review
 * page's calls that copying alone took a fifth of the server's CPU (bench:public), so this walks the
 * same `_def.middlewares` with native spreads. The operation-routes and authorization tests run
 * every REST path through it; `@trpc/server` is pinned, since `_def.middlewares` is its internal.
 */
export async function runProcedure(
  procedure: AnyTRPCProcedure,
  call: { ctx: TRequestContext; path: string; getRawInput: () => Promise<unknown> },
): Promise<unknown> {
  const def = procedure._def as unknown as { middlewares: TMiddleware[]; meta: unknown; type: string };
  const result = await step(def, 0, {
    ctx: call.ctx as unknown as Record<string, unknown>,
    path: call.path,
    type: def.type as TStepOptions['type'],
    input: undefined,
    getRawInput: call.getRawInput,
    signal: undefined,
  });
  if (!result.ok) throw result.error;
  return result.data;
}

async function step(
  def: { middlewares: TMiddleware[]; meta: unknown },
  index: number,
  options: TStepOptions,
): Promise<TMiddlewareResult> {
  const middleware = def.middlewares[index];
  try {
    if (!middleware) throw new Error(`procedure ${options.path} ended without a result`);
    return await middleware({
      ...options,
      meta: def.meta,
      next: (next) =>
        step(def, index + 1, {
          ...options,
          ctx: next?.ctx ? { ...options.ctx, ...next.ctx } : options.ctx,
          input: next && 'input' in next ? next.input : options.input,
          getRawInput: next?.getRawInput ?? options.getRawInput,
        }),
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: MIDDLEWARE_MARKER };
  }
}
