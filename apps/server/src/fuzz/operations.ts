import { ZOnboarding } from '@starloop/contract';
import type { AnyTRPCProcedure } from '@trpc/server';
import type { z } from 'zod';
import type { TCallerKind } from '../auth/authenticate.ts';
import { routeRegistry } from '../rest/define-route.ts';
import { openApiPath, type TOpenApiDocument, toJsonSchema } from '../rest/openapi.ts';
import type { TOperationMeta } from '../trpc/operation-meta.ts';
import { appRouter } from '../trpc/router.ts';
import { resolverOf, type TJsonSchema, type TResolve } from './schema-values.ts';

/**
 * Inputs JSON Schema cannot spell (a z.custom that renames issues): the schema they check against,
 * so well-formed inputs can still be made for them. The test fails when another one appears.
 */
const STAND_INS: Record<string, z.ZodType> = {
  'trpc admin.onboarding.create': ZOnboarding,
  'POST /api/admin/onboard': ZOnboarding,
};

const isEmptySchema = (schema: TJsonSchema | undefined) =>
  schema !== undefined && Object.keys(schema).length === 0;

/** The stand-in's JSON Schema where the derived one says nothing. */
function standIn(id: string, schema: TJsonSchema | undefined, components: Record<string, unknown>) {
  const stand = STAND_INS[id];
  return stand && isEmptySchema(schema)
    ? (toJsonSchema(stand, 'input', 'standIn', components) as TJsonSchema)
    : schema;
}

/** Operations whose input schema is still empty (`{}`): nothing well-formed can be made for them. */
export const withoutSchema = (operations: TOperation[]) =>
  operations
    .filter((operation) => isEmptySchema(operation.transport === 'rest' ? operation.body : operation.input))
    .map((operation) => operation.id);

/** One REST operation as the OpenAPI document describes it. */
export interface TRestOperation {
  transport: 'rest';
  /** `POST /api/admin/agents/{id}`. */
  id: string;
  method: string;
  /** OpenAPI path (`/api/admin/agents/{id}`). */
  path: string;
  auth: TCallerKind;
  pathParams: { name: string; schema: TJsonSchema }[];
  query?: TJsonSchema;
  body?: TJsonSchema;
  /** Its path declares an HTML answer (a page opened from a mail): it may refuse a browser with a page. */
  page: boolean;
  resolve: TResolve;
}

/** One tRPC procedure as the router holds it. */
export interface TTrpcOperation {
  transport: 'trpc';
  /** `trpc admin.users.update`. */
  id: string;
  path: string;
  kind: 'query' | 'mutation';
  auth: TCallerKind;
  input?: TJsonSchema;
  resolve: TResolve;
}

export type TOperation = TRestOperation | TTrpcOperation;

type TOpenApiParameter = { name: string; in: 'path' | 'query'; required?: boolean; schema?: TJsonSchema };
type TOpenApiOperation = {
  'x-auth'?: TCallerKind;
  parameters?: TOpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: TJsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};

/**
 * Every REST operation of the OpenAPI document (GET /api/docs/openapi.json), which is built from
 * the route registry; the caller checks that the two list the same routes.
 */
export function restOperationsOf(document: TOpenApiDocument): TRestOperation[] {
  const components = { ...document.components.schemas };
  const resolve = resolverOf(components);
  const operations: TRestOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const operation = raw as TOpenApiOperation;
      const parameters = operation.parameters ?? [];
      const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
      const id = `${method.toUpperCase()} ${path}`;
      const body = standIn(id, operation.requestBody?.content?.['application/json']?.schema, components);
      operations.push({
        transport: 'rest',
        id,
        method: method.toUpperCase(),
        path,
        auth: operation['x-auth'] ?? 'public',
        pathParams: parameters
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? { type: 'string' } })),
        ...(queryParameters.length > 0
          ? {
              query: {
                type: 'object',
                properties: Object.fromEntries(queryParameters.map((p) => [p.name, p.schema ?? {}])),
                required: queryParameters.filter((p) => p.required).map((p) => p.name),
              },
            }
          : {}),
        ...(body ? { body } : {}),
        // A page's form posts back to its own path, so every method of a page's path may answer one.
        page: Object.values(methods).some((other) =>
          Object.values((other as TOpenApiOperation).responses ?? {}).some(
            (answer) => 'text/html' in (answer.content ?? {}),
          ),
        ),
        resolve,
      });
    }
  }
  return operations;
}

/** The registry's routes as `METHOD /api/path` ids, to check the document lists every one. */
export const registryRouteIds = (): string[] =>
  routeRegistry.map((route) => `${route.method} ${openApiPath(route.url)}`).sort();

/** Every procedure of the router, with its input as JSON Schema. */
export function trpcOperations(): TTrpcOperation[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>;
  return Object.entries(procedures).map(([path, procedure]) => {
    const meta = procedure._def.meta as TOperationMeta | undefined;
    const inputs = (procedure._def as unknown as { inputs: z.ZodType[] }).inputs;
    const components: Record<string, unknown> = {};
    const derived = inputs[0]
      ? (toJsonSchema(inputs[0], 'input', path, components) as TJsonSchema)
      : undefined;
    const input = standIn(`trpc ${path}`, derived, components);
    return {
      transport: 'trpc' as const,
      id: `trpc ${path}`,
      path,
      kind: procedure._def.type === 'query' ? ('query' as const) : ('mutation' as const),
      auth: meta?.auth ?? 'public',
      ...(input ? { input } : {}),
      resolve: resolverOf(components),
    };
  });
}
