import type { AnyTRPCProcedure } from '@trpc/server';
import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DocumentedAnswers } from '../test/openapi-answers.ts';
import { openApiDocumentWithoutServer } from '../test/openapi-document.ts';
import {
  documentedRequest,
  resolverOf,
  type TExampleMode,
  type TRequestParts,
} from '../test/openapi-examples.ts';
import type { TOperationMeta, TRestBinding } from '../trpc/operation-meta.ts';
import { appRouter } from '../trpc/router.ts';
import { routeRegistry, type TRouteDoc } from './define-route.ts';
import { openApiPath, type TOpenApiDocument } from './openapi.ts';
import { rawInputOf } from './operation-routes.ts';

/*
 * The request side of the OpenAPI document against what the server parses: for every documented
 * operation, a request made from the document alone (its path parameters, query parameters and
 * JSON body; only the required fields, then every field) is accepted by the schemas the server
 * parses it with: the procedure's own input steps after the REST adapter's merge of the path
 * parameters (rawInputOf), or a defineRestRoute route's declared params, query and body. And every
 * field the document calls required is one the server refuses to go without.
 */

type TJson = Record<string, unknown>;
type TParameter = { name: string; in: 'path' | 'query'; required: boolean; schema: TJson };
type TDocumentedOperation = {
  parameters?: TParameter[];
  requestBody?: { content: Record<string, { schema: TJson }> };
};

/** How the server parses a request of one operation: undefined when it accepts it, else why not. */
type TParser = (request: TRequestParts) => string | undefined;

const issuesOf = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || '(input)'}: ${issue.message}`).join('; ');

/** A procedure's input as the REST adapter hands it over, through the procedure's own input steps. */
function procedureParser(procedure: AnyTRPCProcedure, binding: TRestBinding): TParser {
  const inputs = (procedure._def as unknown as { inputs: z.ZodType[] }).inputs;
  return (request) => {
    let raw: unknown;
    try {
      raw = rawInputOf(binding, request as unknown as FastifyRequest);
    } catch (error) {
      return `the path parameters are refused: ${error instanceof Error ? error.message : String(error)}`;
    }
    for (const schema of inputs) {
      const parsed = schema.safeParse(raw);
      if (!parsed.success) return issuesOf(parsed.error);
    }
    return undefined;
  };
}

/** A defineRestRoute route: its handler parses the params, query and body it declares. */
function routeParser(route: TRouteDoc): TParser {
  return (request) => {
    for (const [schema, value] of [
      [route.params, request.params],
      [route.querystring, request.query],
      [route.body, request.body],
    ] as const) {
      if (!schema) continue;
      const parsed = schema.safeParse(value);
      if (!parsed.success) return issuesOf(parsed.error);
    }
    return undefined;
  };
}

describe('the documented requests of every REST operation', () => {
  let document: TOpenApiDocument;
  let answers: DocumentedAnswers;
  const parsers = new Map<string, TParser>();

  beforeAll(async () => {
    document = await openApiDocumentWithoutServer();
    answers = new DocumentedAnswers(document);
    const procedures = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>;
    for (const procedure of Object.values(procedures)) {
      const binding = (procedure._def.meta as TOperationMeta | undefined)?.rest;
      if (binding)
        parsers.set(`${binding.method} ${openApiPath(binding.path)}`, procedureParser(procedure, binding));
    }
    for (const route of routeRegistry) {
      const key = `${route.method} ${openApiPath(route.url)}`;
      if (!parsers.has(key)) parsers.set(key, routeParser(route));
    }
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        id: `${method.toUpperCase()} ${path}`,
        operation: operation as TDocumentedOperation,
      })),
    );

  const requestFrom = (id: string, _operation: TDocumentedOperation, mode: TExampleMode) =>
    documentedRequest(document, answers, id, mode);

  it('finds how the server parses every documented operation', () => {
    const missing = operations()
      .map(({ id }) => id)
      .filter((id) => !parsers.has(id));
    expect(missing).toEqual([]);
  });

  it.each<TExampleMode>(['required', 'all'])(
    'accepts a request of every operation made from the document (%s fields)',
    (mode) => {
      const refused: string[] = [];
      for (const { id, operation } of operations()) {
        const { request, problems } = requestFrom(id, operation, mode);
        refused.push(...problems);
        const why = parsers.get(id)?.(request);
        if (why) refused.push(`${id} refuses ${JSON.stringify(request)}: ${why}`);
      }
      expect(refused, refused.join('\n')).toEqual([]);
    },
  );

  it('refuses a request without a field the document calls required', () => {
    const wrong: string[] = [];
    for (const { id, operation } of operations()) {
      const parse = parsers.get(id);
      if (!parse) continue;
      const { request } = requestFrom(id, operation, 'all');
      const body = operation.requestBody?.content['application/json']?.schema;
      const required = body
        ? ((resolverOf(document.components.schemas)(body).required as string[]) ?? [])
        : [];
      for (const name of required) {
        const { [name]: _dropped, ...rest } = request.body as TJson;
        if (!parse({ ...request, body: rest }))
          wrong.push(
            `${id}: body field ${name} is documented as required, but a body without it is accepted`,
          );
      }
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'query' || !parameter.required) continue;
        const { [parameter.name]: _dropped, ...rest } = request.query;
        if (!parse({ ...request, query: rest }))
          wrong.push(
            `${id}: query parameter ${parameter.name} is documented as required, but a query without it is accepted`,
          );
      }
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  });
});
