import { compileErrors, validate } from '@readme/openapi-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocumentedAnswers } from '../test/openapi-answers.ts';
import { openApiDocumentWithoutServer } from '../test/openapi-document.ts';
import { resolverOf } from '../test/openapi-examples.ts';
import type { TOpenApiDocument } from './openapi.ts';

/*
 * The document GET /api/docs/openapi.json serves, built without a server: valid OpenAPI 3.1 for an
 * external validator (@readme/openapi-parser: the OpenAPI 3.1 schema plus the rules it cannot
 * carry, such as declared and required path parameters and unique operation ids), every schema
 * valid JSON Schema 2020-12 (ajv, strict), and each input described once: a path parameter in the
 * path only.
 */

type TJson = Record<string, unknown>;
type TParameter = { name: string; in: 'path' | 'query'; required: boolean; schema: TJson };
type TOperation = {
  parameters?: TParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: TJson }> };
  responses: Record<string, { content?: Record<string, { schema?: TJson }> }>;
};

describe('the OpenAPI document', () => {
  let document: TOpenApiDocument;
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        id: `${method.toUpperCase()} ${path}`,
        path,
        operation: operation as TOperation,
      })),
    );

  beforeAll(async () => {
    document = await openApiDocumentWithoutServer();
  });

  it('is valid OpenAPI 3.1 for @readme/openapi-parser', async () => {
    // The parser resolves references in the object it is given: a copy keeps the document as built.
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(result.warnings).toEqual([]);
    expect(result.specification).toBe('OpenAPI');
  });

  it('has only schemas that compile as strict JSON Schema 2020-12', () => {
    const answers = new DocumentedAnswers(document);
    const broken: string[] = [];
    const compile = (where: string, schema: TJson | undefined) => {
      if (!schema) return;
      try {
        answers.validator(where, schema);
      } catch (error) {
        broken.push(`${where}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    for (const { id, operation } of operations()) {
      for (const parameter of operation.parameters ?? []) {
        compile(`${id} ${parameter.in} parameter ${parameter.name}`, parameter.schema);
      }
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
        compile(`${id} body ${type}`, media.schema);
      }
      for (const [status, answer] of Object.entries(operation.responses)) {
        for (const [type, media] of Object.entries(answer.content ?? {})) {
          compile(`${id} ${status} ${type}`, media.schema);
        }
      }
    }
    expect(broken, broken.join('\n')).toEqual([]);
  });

  it('describes a path parameter in the path only, never in the query or the body', () => {
    const resolve = resolverOf(document.components.schemas);
    /** Property and required names of a schema, through its allOf/anyOf/oneOf members. */
    const namesOf = (schemaIn: TJson): string[] => {
      const schema = resolve(schemaIn);
      return [
        ...Object.keys((schema.properties ?? {}) as TJson),
        ...((schema.required as string[] | undefined) ?? []),
        ...(['allOf', 'anyOf', 'oneOf'] as const).flatMap((kind) =>
          ((schema[kind] as TJson[] | undefined) ?? []).flatMap(namesOf),
        ),
      ];
    };
    const twice: string[] = [];
    let withPathParameters = 0;
    for (const { id, path, operation } of operations()) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
      if (inPath.length === 0) continue;
      withPathParameters += 1;
      const parameters = operation.parameters ?? [];
      expect(
        parameters.filter((p) => p.in === 'path').map((p) => p.name),
        `${id}: its path parameters`,
      ).toEqual(inPath);
      for (const parameter of parameters) {
        if (parameter.in === 'query' && inPath.includes(parameter.name)) {
          twice.push(`${id}: ${parameter.name} is also a query parameter`);
        }
      }
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
        for (const name of new Set(namesOf(media.schema))) {
          if (inPath.includes(name)) twice.push(`${id}: ${name} is also in the ${type} body`);
        }
      }
    }
    expect(twice, twice.join('\n')).toEqual([]);
    expect(withPathParameters).toBeGreaterThanOrEqual(10);
  });

  it('describes PUT /api/admin/admins/{id}: the id in the path, the change in the body', () => {
    const put = document.paths['/api/admin/admins/{id}']?.put as TOperation;
    expect(put.parameters).toEqual([
      expect.objectContaining({
        name: 'id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ type: 'string' }),
      }),
    ]);
    const body = put.requestBody?.content['application/json']?.schema as TJson;
    expect(Object.keys(body.properties as TJson).sort()).toEqual(['role', 'status']);
    expect(body.required).toBeUndefined();
  });

  it('gives every JSON body and answer a schema that says something', () => {
    const silent: string[] = [];
    const isSilent = (schema: TJson | undefined) =>
      !schema || Object.keys(schema).filter((key) => key !== 'description').length === 0;
    for (const { id, operation } of operations()) {
      const body = operation.requestBody?.content['application/json'];
      if (body && isSilent(body.schema)) silent.push(`${id}: request body`);
      for (const [status, answer] of Object.entries(operation.responses)) {
        for (const [type, media] of Object.entries(answer.content ?? {})) {
          if (/json/.test(type) && isSilent(media.schema)) silent.push(`${id}: ${status} ${type}`);
        }
      }
    }
    expect(silent, silent.join('\n')).toEqual([]);
  });
});
