import { vi } from 'vitest';

/**
 * A fake tRPC server behind `fetch`, speaking the httpBatchLink wire format (no transformer):
 * `GET /trpc/a.b,c.d?batch=1&input={"0":..,"1":..}` or `POST` with the inputs as the body, answered
 * with one `{ result: { data } }` or `{ error: {...} }` per call.
 */

/** tRPC error codes and their HTTP statuses (the subset the app meets). */
const ERRORS = {
  BAD_REQUEST: { json: -32600, http: 400 },
  UNAUTHORIZED: { json: -32001, http: 401 },
  FORBIDDEN: { json: -32003, http: 403 },
  NOT_FOUND: { json: -32004, http: 404 },
  CONFLICT: { json: -32009, http: 409 },
  TOO_MANY_REQUESTS: { json: -32029, http: 429 },
  INTERNAL_SERVER_ERROR: { json: -32603, http: 500 },
} as const;

export type TTrpcErrorCode = keyof typeof ERRORS;

/** Throw this from a handler to answer with a tRPC error. */
export class FakeTrpcError extends Error {
  constructor(
    readonly code: TTrpcErrorCode,
    message: string = code,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

export function trpcError(code: TTrpcErrorCode, message?: string, field?: string): FakeTrpcError {
  return new FakeTrpcError(code, message, field ?? null);
}

/** A handler that always answers with this tRPC error (see trpcError). */
export function failsWith(code: TTrpcErrorCode, message?: string, field?: string): () => never {
  return () => {
    throw trpcError(code, message, field);
  };
}

export interface TFakeCall {
  path: string;
  input: unknown;
  /** The Authorization header sent with the call, or null. */
  authorization: string | null;
  /** The X-Business-Id header (the owner area's branch), or null. */
  branch: string | null;
}

/** Return the procedure's output, or throw a FakeTrpcError (any other throw is a 500). */
export type TFakeHandler = (input: unknown, call: TFakeCall) => unknown;
/** Handlers by procedure path, e.g. `{ 'owner.me': () => ({ ... }) }`. */
export type TFakeHandlers = Record<string, TFakeHandler>;

function errorItem(path: string, code: TTrpcErrorCode, message: string, field: string | null) {
  return {
    error: {
      message,
      code: ERRORS[code].json,
      data: { code, httpStatus: ERRORS[code].http, path, field },
    },
  };
}

export function createFakeTrpc(initialHandlers: TFakeHandlers = {}) {
  const handlers: TFakeHandlers = { ...initialHandlers };
  const calls: TFakeCall[] = [];
  const requests: string[][] = [];

  const fetch = vi.fn(async (resource: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(resource instanceof Request ? resource.url : resource), 'http://localhost');
    const paths = decodeURIComponent(url.pathname.replace(/^.*\/trpc\//, '')).split(',');
    requests.push(paths);
    const rawInputs = init?.body ?? url.searchParams.get('input');
    const inputs = (rawInputs ? JSON.parse(String(rawInputs)) : {}) as Record<string, unknown>;
    const authorization = new Headers(init?.headers).get('authorization');
    const branch = new Headers(init?.headers).get('x-business-id');

    const items = await Promise.all(
      paths.map(async (path, index) => {
        const call: TFakeCall = { path, input: inputs[String(index)], authorization, branch };
        calls.push(call);
        const handler = handlers[path];
        if (!handler) return errorItem(path, 'NOT_FOUND', `No procedure found on path "${path}"`, null);
        try {
          return { result: { data: await handler(call.input, call) } };
        } catch (error) {
          if (error instanceof FakeTrpcError) return errorItem(path, error.code, error.message, error.field);
          return errorItem(path, 'INTERNAL_SERVER_ERROR', 'Something went wrong', null);
        }
      }),
    );

    const statuses = new Set(items.map((item) => ('error' in item ? item.error.data.httpStatus : 200)));
    const status = statuses.size === 1 ? [...statuses][0]! : 207;
    return new Response(JSON.stringify(items), { status, headers: { 'content-type': 'application/json' } });
  });

  return {
    /** Pass to createApp({ fetch }). */
    fetch: fetch as unknown as typeof globalThis.fetch,
    /** Every call received, in order. */
    calls,
    /** The procedures of each HTTP request (a batch names several), in order. */
    requests,
    /** The calls made to one procedure. */
    callsTo: (path: string) => calls.filter((call) => call.path === path),
    /** Adds or replaces handlers. */
    use: (more: TFakeHandlers) => Object.assign(handlers, more),
  };
}

export type TFakeTrpc = ReturnType<typeof createFakeTrpc>;
