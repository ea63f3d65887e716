import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from '../rest/openapi.ts';
import { DocumentedAnswers } from './openapi-answers.ts';

/** The checker every int test's REST answers go through (test-server.ts): what it refuses, and what it lets by. */

const document = buildOpenApiDocument(
  [
    {
      method: 'GET',
      url: '/things/:id',
      summary: 'One thing',
      tags: ['t'],
      auth: 'admin',
      response: z.object({ id: z.number().int(), name: z.string() }),
    },
    {
      method: 'GET',
      url: '/things/stats',
      summary: 'Stats',
      tags: ['t'],
      auth: 'admin',
      response: z.object({ n: z.number() }),
    },
    { method: 'POST', url: '/things', summary: 'Make', tags: ['t'], auth: 'admin', status: 201 },
    {
      method: 'GET',
      url: '/files',
      summary: 'File',
      tags: ['t'],
      auth: 'admin',
      produces: ['text/csv; charset=utf-8'],
    },
  ],
  'http://localhost',
);
const answers = new DocumentedAnswers(document);

function answer(
  status: number,
  body: unknown,
  type = 'application/json; charset=utf-8',
): LightMyRequestResponse {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    statusCode: status,
    headers: text.length > 0 ? { 'content-type': type } : {},
    body: text,
    rawPayload: Buffer.from(text),
  } as unknown as LightMyRequestResponse;
}

describe('answers checked against the OpenAPI document', () => {
  it('lets a documented answer by, and anything on a path the document does not have', () => {
    expect(answers.violations('GET', '/api/things/7', answer(200, { id: 7, name: 'x' }))).toEqual([]);
    expect(answers.violations('GET', '/api/things/7/', answer(200, { id: 7, name: 'x' }))).toEqual([]);
    expect(answers.violations('GET', '/api/things/stats?x=1', answer(200, { n: 1 }))).toEqual([]);
    expect(answers.violations('GET', '/api/files', answer(200, 'a,b\n', 'text/csv; charset=utf-8'))).toEqual(
      [],
    );
    expect(answers.violations('POST', '/api/things', answer(201, ''))).toEqual([]);
    expect(answers.violations('GET', '/api/nothing', answer(200, { any: 'thing' }))).toEqual([]);
    expect(answers.violations('DELETE', '/api/things/7', answer(200, { any: 'thing' }))).toEqual([]);
  });

  it('matches a literal path before a template, as the router does', () => {
    expect(answers.operationOf('GET', '/api/things/stats')?.path).toBe('/api/things/stats');
    expect(answers.operationOf('GET', '/api//things/8')?.path).toBe('/api/things/{id}');
  });

  it('refuses a body that breaks its schema, naming the field', () => {
    const [found] = answers.violations('GET', '/api/things/7', answer(200, { id: '7', name: 'x', extra: 1 }));
    expect(found).toMatch(/\/id must be integer/);
    expect(found).toMatch(/must NOT have additional properties \(extra\)/);
    expect(() => answers.assertDocumented('GET', '/api/things/7', answer(200, { id: 7 }))).toThrow(
      /GET \/api\/things\/7 answered 200, which does not match the OpenAPI document \(GET \/api\/things\/\{id\}\)[\s\S]*must have required property 'name'/,
    );
  });

  it('refuses an undocumented success status, content type or body', () => {
    expect(answers.violations('GET', '/api/things/7', answer(202, { id: 7, name: 'x' }))).toEqual([
      expect.stringMatching(/status 202 is not documented/),
    ]);
    expect(answers.violations('GET', '/api/files', answer(200, '{}'))).toEqual([
      expect.stringMatching(/answered content-type application\/json/),
    ]);
    expect(answers.violations('POST', '/api/things', answer(201, { id: 1 }))).toEqual([
      expect.stringMatching(/documented without a body/),
    ]);
  });

  it('checks error answers against the error shape, documented status or not', () => {
    const error = { success: false, message: 'Nope', requestId: 'r-1' };
    expect(answers.violations('GET', '/api/things/7', answer(404, error))).toEqual([]);
    expect(answers.violations('GET', '/api/things/7', answer(409, error))).toEqual([]);
    expect(answers.violations('GET', '/api/things/7', answer(409, { error: 'Nope' }))).toEqual([
      expect.stringMatching(/required property 'success'/),
    ]);
    expect(answers.violations('GET', '/api/things/7', answer(404, { message: 'Nope' }))).toEqual([
      expect.stringMatching(/required property 'success'/),
    ]);
    // Fastify's own answer to a path that is not valid percent-encoding breaks the shape (the
    // server answers such paths itself now: server.int.test.ts).
    const badUrl = { error: 'Bad Request', code: 'FST_ERR_BAD_URL', message: 'x', statusCode: 400 };
    expect(answers.violations('GET', '/api/things/%ff', answer(400, badUrl))).toHaveLength(1);
  });
});
