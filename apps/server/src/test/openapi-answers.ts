import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { routeRegistry } from '../rest/define-route.ts';
import { buildOpenApiDocument, type TOpenApiDocument } from '../rest/openapi.ts';

/*
 * Every answer a test gets from a documented REST operation is checked against the OpenAPI
 * document (GET /api/docs/openapi.json, built here from the same route registry): a documented
 * status, a documented content type, and a JSON body valid against that status's schema. An
 * undocumented error status is checked against the document's shared error shape. The schemas are
 * compiled once per process (per test file), each on its first use.
 */

type TJson = Record<string, unknown>;

interface TDocumentedOperation {
  method: string;
  /** `/api/admin/agents/{id}` */
  path: string;
  pattern: RegExp;
  /** Literal segments: the most literal template wins, as in Fastify's router. */
  literals: number;
  responses: Record<string, { content?: Record<string, { schema?: TJson }> }>;
}

const COMPONENT_BASE = 'https://openapi.starloop.test/components/schemas/';

/** `#/components/schemas/X` as the id the component was added under. */
function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node && typeof node === 'object') {
    const out: TJson = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] =
        key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')
          ? COMPONENT_BASE + encodeURIComponent(value.slice('#/components/schemas/'.length))
          : rewriteRefs(value);
    }
    return out;
  }
  return node;
}

/** The media type without parameters, lower case: `text/csv; charset=utf-8` -> `text/csv`. */
const baseType = (type: string) => type.split(';')[0]!.trim().toLowerCase();
const isJsonType = (type: string) => /^application\/(?:[\w.-]+\+)?json$/.test(baseType(type));

const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .slice(0, 8)
    .map((error) => {
      const params =
        error.keyword === 'additionalProperties'
          ? ` (${(error.params as { additionalProperty: string }).additionalProperty})`
          : error.keyword === 'enum' || error.keyword === 'const'
            ? ` (${JSON.stringify(error.params)})`
            : '';
      return `  ${error.instancePath || '(body)'} ${error.message}${params} [schema ${error.schemaPath}]`;
    })
    .join('\n');

const snippet = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}…` : text);

function headerText(value: string | string[] | number | undefined): string {
  return Array.isArray(value) ? value.join(', ') : value === undefined ? '' : String(value);
}

/** The body as text, decompressed when the server compressed it. */
function bodyOf(response: LightMyRequestResponse): string {
  const encoding = headerText(response.headers['content-encoding']).toLowerCase();
  const raw = response.rawPayload;
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  if (encoding === 'deflate') return inflateSync(raw).toString('utf8');
  return response.body;
}

/** What the document says of each operation, and the validators of its answers. */
export class DocumentedAnswers {
  readonly document: TOpenApiDocument;
  private readonly operations: TDocumentedOperation[] = [];
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  /** Answers of documented operations checked so far (by assertDocumented). */
  checked = 0;
  /** The same schema (most error answers are the one Error reference) is compiled once. */
  private readonly bySchemaText = new Map<string, ValidateFunction>();

  constructor(document: TOpenApiDocument) {
    this.document = document;
    this.ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictTuples: false });
    addFormats(this.ajv);
    // OpenAPI's own format for file answers: any string.
    this.ajv.addFormat('binary', true);
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      this.ajv.addSchema(rewriteRefs(schema) as TJson, COMPONENT_BASE + encodeURIComponent(name));
    }
    for (const [path, methods] of Object.entries(document.paths)) {
      const segments = path.split('/').filter(Boolean);
      const pattern = new RegExp(
        `^/${segments
          .map((segment) =>
            /^\{\w+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
          )
          .join('/')}$`,
      );
      const literals = segments.filter((segment) => !segment.startsWith('{')).length;
      for (const [method, operation] of Object.entries(methods)) {
        this.operations.push({
          method: method.toUpperCase(),
          path,
          pattern,
          literals,
          responses: (operation as { responses: TDocumentedOperation['responses'] }).responses,
        });
      }
    }
    this.operations.sort((a, b) => b.literals - a.literals);
  }

  /** The documented operation a request reaches, if any (Fastify ignores repeated and trailing slashes). */
  operationOf(method: string, url: string): TDocumentedOperation | undefined {
    let path = url.split(/[?#]/, 1)[0]!.replace(/\/{2,}/g, '/');
    if (path.length > 1) path = path.replace(/\/+$/, '');
    const upper = method.toUpperCase();
    return this.operations.find((operation) => operation.method === upper && operation.pattern.test(path));
  }

  /** The validator of a schema of the document (its `#/components/schemas` references resolve), compiled once per key. */
  validator(key: string, schema: TJson): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      const text = JSON.stringify(schema);
      validate = this.bySchemaText.get(text) ?? this.ajv.compile(rewriteRefs(schema) as TJson);
      this.bySchemaText.set(text, validate);
      this.validators.set(key, validate);
    }
    return validate;
  }

  /** Everything the answer does that its operation's documentation does not say (empty: none). */
  violations(method: string, url: string, response: LightMyRequestResponse): string[] {
    const operation = this.operationOf(method, url);
    if (!operation) return [];
    const status = response.statusCode;
    const documented =
      operation.responses[String(status)] ??
      operation.responses[`${String(status)[0]}XX`] ??
      operation.responses.default;
    const type = headerText(response.headers['content-type']);
    const text = bodyOf(response);
    if (!documented) {
      if (status >= 200 && status < 300) {
        return [
          `status ${status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`,
        ];
      }
      // An error status the operation does not list: still the document's error shape.
      if (status >= 400 && isJsonType(type)) {
        return this.schemaViolations('Error', { $ref: '#/components/schemas/Error' }, text);
      }
      return [];
    }
    const content = documented.content;
    if (!content) {
      return text.length > 0
        ? [`status ${status} is documented without a body, but the answer has one (${type || 'no type'})`]
        : [];
    }
    const mediaType = Object.keys(content).find((key) => baseType(key) === baseType(type));
    if (!mediaType) {
      return [
        `status ${status} answered content-type ${type || '(none)'}; documented: ${Object.keys(content).join(', ')}`,
      ];
    }
    const schema = content[mediaType]?.schema;
    if (!isJsonType(mediaType) || !schema) return [];
    return this.schemaViolations(
      `${operation.method} ${operation.path} ${status} ${mediaType}`,
      schema,
      text,
    );
  }

  private schemaViolations(key: string, schema: TJson, text: string): string[] {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return ['the answer says JSON but its body does not parse'];
    }
    const validate = this.validator(key, schema);
    if (validate(body)) return [];
    return [`the body breaks its documented schema:\n${describeErrors(validate.errors)}`];
  }

  /** Throws a readable report when the answer breaks its documentation. */
  assertDocumented(method: string, url: string, response: LightMyRequestResponse): void {
    if (this.operationOf(method, url)) this.checked += 1;
    const found = this.violations(method, url, response);
    if (found.length === 0) return;
    const operation = this.operationOf(method, url);
    throw new Error(
      `${method.toUpperCase()} ${url} answered ${response.statusCode}, which does not match the OpenAPI document ` +
        `(${operation?.method} ${operation?.path}):\n${found.join('\n')}\nbody: ${snippet(bodyOf(response))}`,
    );
  }
}

let cached: { size: number; answers: DocumentedAnswers } | undefined;

/** The checker of the document the route registry makes now (rebuilt only if the registry grew). */
export function documentedAnswers(): DocumentedAnswers {
  if (!cached || cached.size !== routeRegistry.length) {
    cached = {
      size: routeRegistry.length,
      answers: new DocumentedAnswers(buildOpenApiDocument(routeRegistry, 'http://localhost')),
    };
  }
  return cached.answers;
}

/**
 * Makes `app.inject` check every answer of a documented REST operation against the document, so
 * each int test that calls the API checks the document too. The callback and chained forms of
 * inject are passed through unchecked (the tests use the promise form).
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (options?: unknown, callback?: unknown) => unknown;
  const checked = (options?: InjectOptions | string, callback?: unknown) => {
    if (options === undefined || callback !== undefined) return inject(options, callback);
    const request = typeof options === 'string' ? { method: 'GET', url: options } : options;
    return (inject(options) as Promise<LightMyRequestResponse>).then((response) => {
      const target = request.url ?? request.path;
      const url = typeof target === 'string' ? target : target?.pathname;
      if (url !== undefined) documentedAnswers().assertDocumented(request.method ?? 'GET', url, response);
      return response;
    });
  };
  app.inject = checked as FastifyInstance['inject'];
}
