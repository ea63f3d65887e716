import { type AnyTRPCProcedure, type AnyTRPCRouter, TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../context.ts';
import { AppError, type TErrorCode } from '../lib/errors.ts';
import { requestContext } from '../trpc/init.ts';
import { BODY_LIMITS, type TOperationMeta, type TRestBinding } from '../trpc/operation-meta.ts';
import { documentedAnswer, recordRoute, type TRouteDoc } from './define-route.ts';
import { isPlainObject, runProcedure } from './run-procedure.ts';

const inputSource = (binding: TRestBinding) =>
  binding.inputFrom ?? (binding.method === 'GET' || binding.method === 'DELETE' ? 'query' : 'body');

/**
 * The procedure's raw input from a REST request: the query string or the body, plus the path
 * parameters. Runs inside the procedure, after its authorization, so a bad id without a token is
 * still a 401.
 */
export function rawInputOf(binding: TRestBinding, request: FastifyRequest): unknown {
  const source = inputSource(binding) === 'query' ? request.query : request.body;
  let params = request.params as Record<string, unknown> | undefined;
  if (binding.params) {
    const parsed = binding.params.safeParse(params ?? {});
    if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });
    params = parsed.data;
  }
  if (!params || Object.keys(params).length === 0) return source ?? {};
  // A body that is not an object is passed on as it is, for the input schema to refuse.
  if (source !== undefined && source !== null && !isPlainObject(source)) return source;
  return { ...(source ?? {}), ...params };
}

/** Read by the input check and by the input parser: built once, on first read. */
function rawInputReader(binding: TRestBinding, request: FastifyRequest): () => Promise<unknown> {
  let rawInput: Promise<unknown> | undefined;
  return () => {
    rawInput ??= new Promise((resolve) => resolve(rawInputOf(binding, request)));
    return rawInput;
  };
}

const TRPC_TO_APP: Partial<Record<TRPCError['code'], TErrorCode>> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/** What the REST error handler understands: the AppError or ZodError behind a tRPC error. */
function restErrorOf(error: unknown): unknown {
  if (!(error instanceof TRPCError)) return error;
  const cause = error.cause;
  if (cause instanceof AppError) return cause;
  if (cause instanceof z.ZodError && error.code === 'BAD_REQUEST') return cause;
  const code = TRPC_TO_APP[error.code];
  if (code) return new AppError(code, error.message);
  // A fault (an output that fails its schema among them): logged and answered 500.
  return error;
}

/** The OpenAPI view of an operation: its binding plus the procedure's own schemas. */
export function operationRouteDoc(procedure: AnyTRPCProcedure, meta: TOperationMeta): TRouteDoc {
  const binding = meta.rest as TRestBinding;
  const def = procedure._def as unknown as { inputs: z.ZodType[]; output?: z.ZodType };
  // The whole input: the document describes the fields the path fills as path parameters only.
  const declared = binding.documentedInput ?? def.inputs[0];
  const input = declared ? unwrapDefault(declared) : undefined;
  return {
    method: binding.method,
    url: binding.path,
    summary: binding.summary,
    description: binding.description,
    tags: binding.tags,
    auth: meta.auth ?? 'public',
    params: binding.params,
    ...(input ? (inputSource(binding) === 'query' ? { querystring: input } : { body: input }) : {}),
    response: binding.response?.schema ?? def.output,
    status: binding.status,
  };
}

/** `.prefault({})` / `.default()` wrappers hide the object from the documentation. */
function unwrapDefault(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodPrefault || schema instanceof z.ZodDefault) {
    return unwrapDefault(schema.unwrap() as z.ZodType);
  }
  return schema;
}

/**
 * Serves every procedure whose meta has a REST binding at its documented path. The request runs
 * the procedure itself (its authorization middleware, input parsing, handler and output
 * validation), so a REST path can never skip a rule that its tRPC twin has.
 */
export function registerOperationRoutes(app: FastifyInstance, deps: TDeps, router: AnyTRPCRouter): void {
  const procedures = router._def.procedures as Record<string, AnyTRPCProcedure>;
  for (const [path, procedure] of Object.entries(procedures)) {
    const meta = procedure._def.meta as TOperationMeta | undefined;
    const binding = meta?.rest;
    if (!meta || !binding) continue;
    recordRoute(operationRouteDoc(procedure, meta));
    app.route({
      method: binding.method,
      url: binding.path,
      bodyLimit: binding.bodyLimit ?? (meta.auth === 'public' ? BODY_LIMITS.public : BODY_LIMITS.signedIn),
      handler: async (request, reply) => {
        let output: unknown;
        try {
          output = await runProcedure(procedure, {
            path,
            ctx: requestContext(deps, request, 'rest'),
            getRawInput: rawInputReader(binding, request),
          });
        } catch (error) {
          throw restErrorOf(error);
        }
        if (binding.headers) reply.headers(binding.headers);
        reply.status(binding.status ?? 200);
        return binding.response
          ? documentedAnswer(binding.response.schema, binding.response.from(output as never), {
              method: binding.method,
              url: binding.path,
            })
          : output;
      },
    });
  }
}
