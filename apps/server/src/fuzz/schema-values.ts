import fc from 'fast-check';
import { hostileNumber, hostileString, hostileValue, RawJson } from './hostile-values.ts';

/** A JSON Schema node as the OpenAPI document (and z.toJSONSchema) writes it, loosely typed. */
export type TJsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  items?: TJsonSchema;
  prefixItems?: TJsonSchema[];
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

/**
 * Rows that exist in the fuzzed database, so well-formed inputs sometimes name real things
 * (an owner's code, an admin's email, a lead's id) and reach the services' own rules.
 */
export interface TFuzzFixtures {
  ownerIds: number[];
  ownerCodes: string[];
  ownerPhones: string[];
  ownerEmails: string[];
  adminIds: number[];
  adminEmails: string[];
  leadIds: number[];
  agentIds: number[];
  reviewIds: number[];
  passwords: string[];
  /** Plan keys and their amounts (paise) and prices (rupees). */
  plans: string[];
  amounts: number[];
}

/** Follows `#/components/schemas/…` references. */
export type TResolve = (schema: TJsonSchema) => TJsonSchema;

export function resolverOf(components: Record<string, unknown>): TResolve {
  const resolve: TResolve = (schema) => {
    let node = schema;
    for (let hops = 0; node.$ref && hops < 10; hops += 1) {
      const name = node.$ref.replace(/^#\/components\/schemas\//, '');
      node = (components[name] as TJsonSchema | undefined) ?? {};
    }
    return node;
  };
  return resolve;
}

const fromList = <T>(list: readonly T[], fallback: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  list.length > 0 ? fc.oneof(fc.constantFrom(...list), fallback) : fallback;

const ID_LIKE = (fixtures: TFuzzFixtures) =>
  fc.oneof(
    fc.constantFrom(
      ...new Set([
        ...fixtures.ownerIds,
        ...fixtures.leadIds,
        ...fixtures.agentIds,
        ...fixtures.adminIds,
        ...fixtures.reviewIds,
        1,
      ]),
    ),
    fc.integer({ min: 1, max: 50 }),
    fc.constantFrom(0, -1, 2 ** 31, 999_999),
  );

/** What a field's name says about its values: the strongest hint for a schema the document cannot spell. */
function byFieldName(key: string, fixtures: TFuzzFixtures): fc.Arbitrary<unknown> | undefined {
  const name = key.toLowerCase();
  if (name === 'id' || name.endsWith('id')) {
    if (
      name.includes('device') ||
      name.includes('order') ||
      name.includes('payment') ||
      name.includes('event')
    ) {
      return fc.oneof(fc.stringMatching(/^[a-z0-9_]{4,24}$/), fc.constantFrom('order_test_1', 'pay_test_1'));
    }
    return ID_LIKE(fixtures);
  }
  if (name.includes('ids')) return fc.array(ID_LIKE(fixtures), { maxLength: 4 });
  if (name.includes('email')) {
    return fromList(
      [...fixtures.ownerEmails, ...fixtures.adminEmails],
      fc.stringMatching(/^[a-z]{1,8}@[a-z]{2,6}\.(com|in)$/),
    );
  }
  if (name.includes('phone') || name.includes('contact') || name.includes('mobile')) {
    return fromList(fixtures.ownerPhones, fc.stringMatching(/^[6-9]\d{9}$/));
  }
  if (name === 'code' || name.endsWith('code')) {
    if (name.includes('totp') || name.includes('recovery') || name === 'otp') {
      return fc.stringMatching(/^\d{6}$/);
    }
    return fromList(fixtures.ownerCodes, fc.stringMatching(/^[a-z][a-z0-9-]{2,20}$/));
  }
  if (name.includes('password')) {
    return fromList(fixtures.passwords, fc.constantFrom('short', 'Str0ng!Passw0rd-xyz', 'password123'));
  }
  if (name.includes('token') || name.includes('signature') || name.includes('challenge')) {
    return fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), fc.stringMatching(/^[\w-]{10,40}$/));
  }
  if (name.includes('link') || name.includes('url')) {
    return fc.constantFrom('https://g.page/r/abc/review', 'http://example.com', 'ftp://x', 'not a url');
  }
  if (name === 'rating') return fc.integer({ min: 0, max: 6 });
  if (name === 'page' || name === 'limit' || name.includes('size') || name === 'days') {
    return fc.oneof(fc.integer({ min: 1, max: 120 }), fc.constantFrom('1', '2', '0', '-1', '100000'));
  }
  if (name.includes('date') || name === 'from' || name === 'to' || name.endsWith('at')) {
    return fc.constantFrom('2026-01-01', '2026-11-25T10:00:00.000Z', '2025-13-01', '2026-02-29', '');
  }
  if (name === 'plan') return fromList(fixtures.plans, fc.constantFrom('free', 'ESSENTIAL', 'enterprise'));
  if (name === 'amount') {
    return fromList(
      fixtures.amounts,
      fc.oneof(fc.integer({ min: -10, max: 100_000 }), fc.constantFrom('499', '12.5')),
    );
  }
  if (name.includes('duration'))
    return fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('1', '2', '12'));
  return undefined;
}

function stringFor(schema: TJsonSchema): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 40, 60);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  if (schema.pattern) {
    try {
      const pattern = new RegExp(schema.pattern);
      return fc
        .stringMatching(pattern)
        .map((text) => (schema.maxLength !== undefined ? text.slice(0, schema.maxLength) : text));
    } catch {
      // A pattern fast-check cannot run backwards: plain text of the right length instead.
    }
  }
  if (schema.format === 'email') return fc.stringMatching(/^[a-z]{1,8}@[a-z]{2,6}\.com$/);
  if (schema.format === 'date-time') return fc.constant('2026-11-25T10:00:00.000Z');
  if (schema.format === 'date') return fc.constant('2026-11-25');
  if (schema.format === 'uri') return fc.constant('https://example.com/x');
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

function numberFor(schema: TJsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -10);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1000);
  const lo = Math.max(min, -1e9);
  const hi = Math.min(Math.max(max, lo), 1e9);
  return integer
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

const MAX_DEPTH = 6;

/**
 * A value the schema would (mostly) accept: the right shape and types, real fixture values where
 * the field's name suggests one. The services' own rules then decide: a well-formed call with
 * the wrong values must fail as cleanly as garbage does.
 */
export function plausibleValue(
  schemaIn: TJsonSchema | undefined,
  resolve: TResolve,
  fixtures: TFuzzFixtures,
  key = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schemaIn || depth > MAX_DEPTH) return fc.constant(undefined);
  const schema = resolve(schemaIn);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alt) => plausibleValue(alt, resolve, fixtures, key, depth + 1)));
  }
  if (schema.allOf && schema.allOf.length > 0) {
    return plausibleValue(schema.allOf[0], resolve, fixtures, key, depth + 1);
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const named =
    key && !types.includes('object') && !types.includes('array') ? byFieldName(key, fixtures) : undefined;
  if (named && (types.length === 0 || !types.includes('boolean'))) {
    // The name's values, and now and then what the schema's own type would generate.
    return types.length === 0 ? named : fc.oneof({ arbitrary: named, weight: 3 }, typed(types[0]!));
  }
  if (types.length === 0) return fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: 0, max: 100 }));
  return fc.oneof(...types.map(typed));

  function typed(type: string): fc.Arbitrary<unknown> {
    switch (type) {
      case 'string':
        return stringFor(schema);
      case 'integer':
        return numberFor(schema, true);
      case 'number':
        return numberFor(schema, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const item = schema.items ?? schema.prefixItems?.[0];
        return fc.array(plausibleValue(item, resolve, fixtures, key, depth + 1), {
          minLength: Math.min(schema.minItems ?? 0, 3),
          maxLength: Math.min(Math.max(schema.maxItems ?? 3, schema.minItems ?? 0, 1), 3),
        });
      }
      case 'object': {
        const properties = schema.properties ?? {};
        const required = new Set(schema.required ?? []);
        const entries = Object.entries(properties).map(([name, property]) => {
          const value = plausibleValue(property, resolve, fixtures, name, depth + 1);
          // Optional fields come and go; required ones are always there (mutations remove them).
          return [name, required.has(name) ? value : fc.option(value, { nil: undefined, freq: 2 })] as const;
        });
        return fc.record(Object.fromEntries(entries)).map(withoutUndefined);
      }
      default:
        return fc.constant(null);
    }
  }
}

function withoutUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

/** Keys a client should never be able to set, or that trip up naive object handling. */
const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'ownerId',
  'adminId',
  'role',
  'status',
  'isAdmin',
  'passwordHash',
  'deletedAt',
  'plan',
  'createdAt',
  'extra',
  '',
  ' ',
  '\u0000',
  '\uD800',
  'a.b',
  '$where',
  'k'.repeat(1_000),
];

type TPath = (string | number)[];

function pathsOf(value: unknown, prefix: TPath = [], out: TPath[] = []): TPath[] {
  if (value instanceof RawJson) return out;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      out.push([...prefix, index]);
      pathsOf(item, [...prefix, index], out);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push([...prefix, key]);
      pathsOf(item, [...prefix, key], out);
    }
  }
  return out;
}

/** A copy of `value` with the node at `path` replaced (or removed when `replacement` is `REMOVE`). */
const REMOVE = Symbol('remove');
function replaceAt(value: unknown, path: TPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement === REMOVE ? undefined : replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    const index = head as number;
    if (rest.length === 0 && replacement === REMOVE) copy.splice(index, 1);
    else copy[index] = replaceAt(copy[index], rest, replacement);
    return copy;
  }
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) defineOwn(copy, key, item);
    if (rest.length === 0 && replacement === REMOVE) delete copy[head as string];
    else defineOwn(copy, head as string, replaceAt(copy[head as string], rest, replacement));
    return copy;
  }
  return value;
}

/** An own property, even for `__proto__` (plain assignment would set the prototype instead). */
function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The same value in the wrong JSON type: '5' for 5, 5 for '5', [x] for x, and so on. */
function wrongTypeOf(value: unknown, pick: number): unknown {
  const options: unknown[] =
    typeof value === 'string'
      ? [Number(value) || 1, value === 'true', [value], { value }, null]
      : typeof value === 'number'
        ? [String(value), `${value}.0`, [value], value !== 0, { value }]
        : typeof value === 'boolean'
          ? [String(value), value ? 1 : 0, [value], null]
          : Array.isArray(value)
            ? [value[0] ?? '', JSON.stringify(value), { 0: value[0] }, null]
            : value !== null && typeof value === 'object'
              ? [JSON.stringify(value), [value], Object.values(value), null]
              : ['', 0, false, [], {}];
  return options[pick % options.length];
}

export type TMutation =
  | { kind: 'hostile'; pick: number; replacement: unknown }
  | { kind: 'wrongType'; pick: number; variant: number }
  | { kind: 'remove'; pick: number }
  | { kind: 'extra'; key: string; extra: unknown }
  | { kind: 'null'; pick: number }
  | { kind: 'wrap'; variant: number };

export const mutationArbitrary: fc.Arbitrary<TMutation> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('hostile' as const),
      pick: fc.nat(),
      replacement: hostileValue,
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('wrongType' as const), pick: fc.nat(), variant: fc.nat() }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      key: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ unit: 'binary', maxLength: 8 })),
      extra: fc.oneof(hostileString, hostileNumber, fc.constantFrom<unknown>(true, 'super_admin', 1, null)),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('null' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('wrap' as const), variant: fc.nat() }), weight: 1 },
);

/** Applies one mutation to a (plausible) input. */
export function applyMutation(value: unknown, mutation: TMutation): unknown {
  const paths = pathsOf(value);
  const at = (pick: number): TPath => (paths.length === 0 ? [] : paths[pick % paths.length]!);
  const nodeAt = (path: TPath) => path.reduce<unknown>((node, key) => (node as never)?.[key], value);
  switch (mutation.kind) {
    case 'hostile':
      return replaceAt(value, at(mutation.pick), mutation.replacement);
    case 'wrongType': {
      const path = at(mutation.pick);
      return replaceAt(value, path, wrongTypeOf(nodeAt(path), mutation.variant));
    }
    case 'remove':
      return paths.length === 0 ? undefined : replaceAt(value, at(mutation.pick), REMOVE);
    case 'null':
      return replaceAt(value, at(mutation.pick), null);
    case 'extra': {
      if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof RawJson) {
        return { value, [mutation.key]: mutation.extra };
      }
      const copy: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) defineOwn(copy, key, item);
      defineOwn(copy, mutation.key, mutation.extra);
      return copy;
    }
    case 'wrap': {
      const wraps = [[value], { json: value }, { input: value }, { 0: value }, JSON.stringify(value ?? null)];
      return wraps[mutation.variant % wraps.length];
    }
  }
}

export interface TGeneratedInput {
  /** How the input was made, for the failure report. */
  how: 'plausible' | 'mutated' | 'hostile' | 'absent';
  value: unknown;
  mutations?: TMutation[];
}

/**
 * An operation's input: well-formed (valid-looking, often with wrong values), well-formed with one
 * to three mutations, a hostile value in place of the whole input, or none at all.
 */
export function inputArbitrary(
  schema: TJsonSchema | undefined,
  resolve: TResolve,
  fixtures: TFuzzFixtures,
): fc.Arbitrary<TGeneratedInput> {
  const plausible = plausibleValue(schema ?? { type: 'object', properties: {} }, resolve, fixtures);
  return fc.oneof(
    { arbitrary: plausible.map((value) => ({ how: 'plausible' as const, value })), weight: 3 },
    {
      arbitrary: fc
        .tuple(plausible, fc.array(mutationArbitrary, { minLength: 1, maxLength: 3 }))
        .map(([value, mutations]) => ({
          how: 'mutated' as const,
          value: mutations.reduce(applyMutation, value),
          mutations,
        })),
      weight: 6,
    },
    { arbitrary: hostileValue.map((value) => ({ how: 'hostile' as const, value })), weight: 2 },
    { arbitrary: fc.constant({ how: 'absent' as const, value: undefined }), weight: 1 },
  );
}
