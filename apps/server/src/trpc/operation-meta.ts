import type { TOwnerPermission } from '@starloop/contract';
import type { z } from 'zod';
import type { TCallerKind } from '../auth/authenticate.ts';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Request bodies: anonymous callers get a small allowance (the largest public body, a
 * registration, is about 1 KB), signed-in ones the 1 MB default; tRPC takes at most 10 calls per
 * batch within its own limit.
 */
export const BODY_LIMITS = {
  public: 16 * 1024,
  signedIn: 1024 * 1024,
  trpc: 256 * 1024,
  webhook: 256 * 1024,
  trpcMaxBatch: 10,
} as const;

/**
 * Where the spec documents a REST path for an operation: the REST adapter serves the same
 * procedure there (same authorization, input and output validation), and the OpenAPI document
 * describes it from these fields and the procedure's own schemas.
 */
export interface TRestBinding {
  method: THttpMethod;
  /** Under /api, Fastify style (`/admin/users/:id`). */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /**
   * Path parameters as they arrive (strings) turned into input fields, parsed after
   * authorization. Without it, path parameters join the input as they are.
   */
  params?: z.ZodType<Record<string, unknown>>;
  /** Where the rest of the input comes from: the query string (default for GET/DELETE) or the body. */
  inputFrom?: 'query' | 'body';
  /**
   * The input as the document describes it, where the procedure's own input cannot be written in
   * JSON Schema (a `z.custom` step). The procedure still parses with its own; a test checks that
   * what this schema documents, the procedure accepts.
   */
  documentedInput?: z.ZodType;
  /** Success status (200 unless said). */
  status?: number;
  /** Largest JSON body in bytes (default: BODY_LIMITS by who may call). */
  bodyLimit?: number;
  /** Fixed response headers (e.g. cache rules of the review page). */
  headers?: Record<string, string>;
  /** Where the spec's REST answer has another shape than the procedure's output. */
  response?: TRestResponse;
}

export interface TRestResponse<TOutput = never, TBody = unknown> {
  schema: z.ZodType<TBody>;
  from: (output: TOutput) => TBody;
}

/** A REST answer shaped from a procedure's output, typed against the output schema. */
export function restResponse<TOutputSchema extends z.ZodType, TBodySchema extends z.ZodType>(
  _output: TOutputSchema,
  schema: TBodySchema,
  from: (output: z.output<TOutputSchema>) => z.input<TBodySchema>,
): TRestResponse {
  return { schema, from: from as TRestResponse['from'] };
}

/** What every procedure carries in its meta: who may call it, and its REST path if it has one. */
export interface TOperationMeta {
  /** Set by the procedure builder (public/owner/admin/superAdmin), never by hand. */
  auth?: TCallerKind;
  /** Owner operations a pending owner may still call: paying for its plan. */
  allowPendingOwner?: boolean;
  /**
   * Owner operations an owner of a closed account may still call in its 30 days: who they are,
   * the closure banner, sign-out and the data export (docs/decisions.md, "Their data, their rights").
   */
  allowClosedAccount?: boolean;
  /** Owner operations: what the caller's role must allow (set by ownerProcedure(permission)). */
  permission?: TOwnerPermission;
  /**
   * Partner API operations about the signed-in person (their own alert preferences): an API key,
   * which acts for no person, is refused with a 403 that says so.
   */
  person?: boolean;
  rest?: TRestBinding;
}
