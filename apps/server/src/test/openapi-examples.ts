import fc from 'fast-check';
import type { TOpenApiDocument } from '../rest/openapi.ts';
import type { DocumentedAnswers } from './openapi-answers.ts';

/*
 * Values a documented JSON Schema accepts, made from the schema alone: what a client generated
 * from the OpenAPI document would send. `required` mode sends only the required fields, `all` mode
 * every documented field. The tests check each value against the document's own schema (ajv)
 * before sending it, so a value this file gets wrong shows as such, never as a server fault.
 */

type TJson = Record<string, unknown>;
export type TExampleMode = 'required' | 'all';

/**
 * Values for fields whose rules the schema cannot spell (a zod refinement: a phone number or an
 * email, a date as YYYY-MM-DD, a 6-digit code, a strong password): a client learns them from the
 * field's messages, a test from here. By field name, or `METHOD /path field` for one operation's
 * field; each is used only where the documented schema accepts it.
 */
const FIELD_VALUES: Record<string, unknown[]> = {
  email: ['asha.rao@example.in'],
  password: ['Str0ng!Passw0rd-xyz'],
  contactNumber: ['9876543210'],
  phone: ['9876543210'],
  customerContact: ['9876543210'],
  name: ['Asha Rao'],
  businessName: ['Asha Sweets'],
  code: ['asha-sweets'],
  reviewLink: ['https://g.page/r/asha/review'],
  message: ['A clear message of some length.'],
  consentAt: ['2026-11-25'],
  from: ['2026-01-01'],
  to: ['2026-12-31'],
  state: ['Maharashtra'],
  gstin: ['27AAPFU0939F1ZV'],
  pan: ['AAPFU0939F'],
  seriesPrefix: ['SL'],
  // A browser's push subscription keys: a P-256 public key (65 bytes) and a 16-byte secret, URL-safe base64.
  p256dh: ['BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'],
  auth: ['tBHItJI5svbpez7KI4CCXg'],
  endpoint: ['https://fcm.googleapis.com/fcm/send/c1KrmpTuRm0:APA91bGx'],
  'POST /api/admin/login/verify code': ['123456'],
  'POST /api/admin/login/enrol code': ['123456'],
};

/** The values to try first for a field of an operation. */
export const fieldValues = (operation: string, name: string): unknown[] | undefined =>
  FIELD_VALUES[`${operation} ${name}`] ?? FIELD_VALUES[name];

const COMPOSITIONS = ['anyOf', 'oneOf'] as const;

export function resolverOf(components: Record<string, unknown>) {
  return (schema: TJson): TJson => {
    let node = schema;
    for (let hops = 0; typeof node.$ref === 'string' && hops < 10; hops += 1) {
      node = (components[node.$ref.replace(/^#\/components\/schemas\//, '')] as TJson | undefined) ?? {};
    }
    return node;
  };
}

function stringFor(schema: TJson, seed: number): string {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? Math.max(min, 24);
  const fits = (text: string) => text.length >= min && text.length <= max;
  if (typeof schema.pattern === 'string') {
    const samples = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { seed, numRuns: 200 });
    // The shortest printable sample that fits: easiest to read in a failure.
    const found = samples
      .filter((text) => fits(text) && /^[\x21-\x7e]/.test(text) && /[\x21-\x7e]$/.test(text))
      .sort((a, b) => a.length - b.length)[0];
    if (found !== undefined) return found;
  }
  switch (schema.format) {
    case 'email':
      return 'asha.rao@example.in';
    case 'date-time':
      return '2026-11-25T10:00:00.000Z';
    case 'date':
      return '2026-11-25';
    case 'uri':
    case 'url':
      return 'https://example.com/x';
    case 'uuid':
      return '0b6a5a3e-8f0e-4d1b-9d8e-2f4a6c8e0a11';
  }
  const base = 'sample text of some length for a field';
  return base.slice(0, Math.max(min, Math.min(max, 12))).padEnd(min, 'x');
}

function numberFor(schema: TJson, integer: boolean): number {
  let low = (schema.minimum as number | undefined) ?? -Infinity;
  let high = (schema.maximum as number | undefined) ?? Infinity;
  if (typeof schema.exclusiveMinimum === 'number')
    low = Math.max(low, schema.exclusiveMinimum + (integer ? 1 : 0.5));
  if (typeof schema.exclusiveMaximum === 'number')
    high = Math.min(high, schema.exclusiveMaximum - (integer ? 1 : 0.5));
  let value = Math.min(Math.max(1, low), high);
  if (integer) value = Math.ceil(value);
  const step = schema.multipleOf as number | undefined;
  if (step) value = Math.ceil(value / step) * step;
  return value;
}

/** One value of `schemaIn`, or `undefined` when the schema admits nothing this file can make. */
export function exampleOf(
  schemaIn: TJson,
  resolve: (schema: TJson) => TJson,
  mode: TExampleMode,
  options: {
    name?: string;
    seed?: number;
    /** Whether the document's schema accepts a value (to use a field's known value only where it fits). */
    validates?: (schema: TJson, value: unknown) => boolean;
    /** Known values of a field (fieldValues). */
    hints?: (name: string) => unknown[] | undefined;
  } = {},
  depth = 0,
): unknown {
  const schema = resolve(schemaIn);
  const seed = options.seed ?? 1;
  if (depth > 8) return undefined;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const hinted = options.name ? options.hints?.(options.name) : undefined;
  if (hinted && options.validates) {
    const fitting = hinted.find((value) => options.validates?.(schemaIn, value));
    if (fitting !== undefined) return fitting;
  }
  const inner = { seed, validates: options.validates, hints: options.hints };
  for (const kind of COMPOSITIONS) {
    const alternatives = schema[kind] as TJson[] | undefined;
    if (alternatives?.length) {
      // The first alternative that is not just null: what a client most often sends.
      const chosen = alternatives.find((alt) => resolve(alt).type !== 'null') ?? alternatives[0]!;
      return exampleOf(chosen, resolve, mode, inner, depth + 1);
    }
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    const parts = (schema.allOf as TJson[]).map((member) =>
      exampleOf(member, resolve, mode, inner, depth + 1),
    );
    return parts.every((part) => part && typeof part === 'object' && !Array.isArray(part))
      ? Object.assign({}, ...parts)
      : parts[0];
  }
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : schema.type
      ? [schema.type as string]
      : [];
  const type = types.find((t) => t !== 'null') ?? types[0] ?? (schema.properties ? 'object' : 'string');
  switch (type) {
    case 'string':
      return stringFor(schema, seed);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const items = (schema.items as TJson | undefined) ?? {};
      const count = Math.max((schema.minItems as number | undefined) ?? 0, mode === 'all' ? 1 : 0);
      return Array.from({ length: count }, (_, index) =>
        exampleOf(items, resolve, mode, { ...inner, seed: seed + index }, depth + 1),
      );
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, TJson>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const out: TJson = {};
      for (const [name, property] of Object.entries(properties)) {
        if (mode === 'required' && !required.has(name)) continue;
        const value = exampleOf(property, resolve, mode, { ...inner, name }, depth + 1);
        if (value !== undefined) out[name] = value;
      }
      return out;
    }
    default:
      return undefined;
  }
}

/**
 * Rules across a body's fields that the document's JSON Schema cannot carry (zod refinements of
 * the whole object): the fields a client adds to the required ones, or leaves out of all of them.
 */
export const ACROSS_FIELDS: Record<string, { rule: string; required?: TJson; all?: { omit: string[] } }> = {
  'POST /api/reviews': { rule: 'a rating of 3 or less needs a message', required: { rating: 5 } },
  'PUT /api/admin/admins/{id}': { rule: 'role or status: at least one', required: { status: 'active' } },
  'POST /api/v1/review-requests': {
    rule: 'contactId or contact: exactly one',
    required: { contactId: 1 },
    all: { omit: ['contactId'] },
  },
};

/** A request as the REST adapter sees it: path parameters and query values as text, the parsed JSON body. */
export interface TRequestParts {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

type TDocumentedOperation = {
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; schema: TJson }[];
  requestBody?: { content: Record<string, { schema: TJson }> };
};

/** A value as a query string or a path carries it: text (repeated keys for a list). */
const asText = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(asText)
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/**
 * A request of the operation `METHOD /api/path` made from the document alone (every value checked
 * against its documented schema), and what the document got wrong about its own examples.
 */
export function documentedRequest(
  document: TOpenApiDocument,
  answers: DocumentedAnswers,
  id: string,
  mode: TExampleMode,
): { request: TRequestParts; problems: string[] } {
  const [method, path] = id.split(' ') as [string, string];
  const operation = document.paths[path]?.[method.toLowerCase()] as TDocumentedOperation | undefined;
  if (!operation) throw new Error(`${id} is not in the document`);
  const resolve = resolverOf(document.components.schemas);
  const validatorOf = (schema: TJson) => answers.validator(`example ${JSON.stringify(schema)}`, schema);
  const validates = (schema: TJson, value: unknown) => validatorOf(schema)(value) === true;
  const problems: string[] = [];
  const made = (where: string, schema: TJson, name?: string) => {
    const value = exampleOf(schema, resolve, mode, {
      name,
      validates,
      hints: (field) => fieldValues(id, field),
    });
    const validate = validatorOf(schema);
    if (!validate(value)) {
      problems.push(
        `${id}: the example ${where} ${JSON.stringify(value)} breaks the document: ${JSON.stringify(validate.errors)}`,
      );
    }
    return value;
  };
  const request: TRequestParts = { params: {}, query: {}, body: undefined };
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'path') {
      request.params[parameter.name] = String(
        made(`path parameter ${parameter.name}`, parameter.schema, parameter.name),
      );
    } else if (parameter.required || mode === 'all') {
      request.query[parameter.name] = asText(
        made(`query parameter ${parameter.name}`, parameter.schema, parameter.name),
      );
    }
  }
  const body = operation.requestBody?.content['application/json']?.schema;
  if (body) {
    const value = made('body', body) as TJson;
    const across = ACROSS_FIELDS[id];
    if (mode === 'required') Object.assign(value, across?.required);
    for (const name of mode === 'all' ? (across?.all?.omit ?? []) : []) delete value[name];
    request.body = value;
  }
  return { request, problems };
}
