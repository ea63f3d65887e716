import fc from 'fast-check';
import type { TCallerKind } from '../auth/authenticate.ts';
import { BODY_LIMITS } from '../trpc/operation-meta.ts';
import {
  encodeSegment,
  hostilePathSegment,
  hostileString,
  RawJson,
  toJsonText,
  toParamText,
} from './hostile-values.ts';
import type { TOperation, TRestOperation, TTrpcOperation } from './operations.ts';
import { inputArbitrary, plausibleValue, type TFuzzFixtures, type TGeneratedInput } from './schema-values.ts';

/**
 * Who sends a request; `badToken` is a broken, foreign or expired credential; `staff` a staff member
 * of the owner's account; `otherAccountOwner` the owner of another account asking for the owner's
 * branch by `X-Business-Id`.
 */
export type TActor =
  | 'anonymous'
  | 'owner'
  | 'pendingOwner'
  | 'staff'
  | 'otherAccountOwner'
  | 'admin'
  | 'superAdmin'
  | 'badToken';

/** One request as app.inject() takes it (and as a failure prints it). */
export interface TFuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** A request before the actor's live token is known (tokens change when the world heals). */
export interface TRequestPlan {
  operation: string;
  actor: TActor;
  badToken: number;
  request: TFuzzRequest;
  input?: TGeneratedInput;
  /** The operation may answer a browser with a page (TRestOperation.page). */
  page?: boolean;
  /** Sent this many times at once (a double submit): races must end in a 4xx, never a 5xx. */
  copies?: number;
}

/** `arbitrary` once in `oneIn` cases, else null (fc.option's freq is the other way round). */
const rarely = <T>(arbitrary: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> =>
  fc.oneof({ arbitrary: fc.constant(null), weight: oneIn - 1 }, { arbitrary, weight: 1 });

/** Mostly once; sometimes two or three at once. */
export const copiesArbitrary = fc.oneof(
  { arbitrary: fc.constant(1), weight: 12 },
  { arbitrary: fc.constantFrom(2, 3), weight: 1 },
);

/** The right caller most of the time, so the input gets parsed; the wrong ones sometimes. */
export function actorArbitrary(auth: TCallerKind): fc.Arbitrary<TActor> {
  const weights: Record<TActor, number> = {
    anonymous: auth === 'public' || auth === 'webhook' ? 6 : 1,
    owner: auth === 'owner' || auth === 'owner_or_api_key' ? 8 : 1,
    pendingOwner: auth === 'owner' || auth === 'owner_or_api_key' ? 2 : 1,
    staff: auth === 'owner' || auth === 'owner_or_api_key' ? 2 : 1,
    otherAccountOwner: auth === 'owner' || auth === 'owner_or_api_key' ? 2 : 1,
    admin: auth === 'admin' ? 8 : auth === 'super_admin' ? 2 : 1,
    superAdmin: auth === 'super_admin' ? 8 : auth === 'admin' ? 2 : 1,
    badToken: 1,
  };
  return fc.oneof(
    ...Object.entries(weights).map(([actor, weight]) => ({
      arbitrary: fc.constant(actor as TActor),
      weight,
    })),
  );
}

/** Headers besides the credential: a client address (per-address limits), odd ids and encodings. */
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      'x-forwarded-for': fc.oneof(
        { arbitrary: fc.ipV4(), weight: 8 },
        { arbitrary: fc.constantFrom('not-an-ip', '::1', '1.1.1.1, 2.2.2.2', '', '999.1.1.1'), weight: 1 },
      ),
      'accept-encoding': fc.constantFrom('br', 'gzip', 'identity', '*', 'br;q=0, gzip;q=0', 'x-unknown'),
      'x-request-id': fc.constantFrom('short', 'a'.repeat(100), '../../etc', '<b>x</b>', 'req-12345678', ''),
      accept: fc.constantFrom('text/html', '*/*', 'application/xml', 'application/json'),
      'user-agent': fc.constantFrom('', 'x'.repeat(2_000), 'curl/8', "'; DROP TABLE owners; --"),
      // The webhook's proof and its event id (other routes must ignore them).
      'x-razorpay-signature': fc.oneof(
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.constantFrom('', 'x', 'a'.repeat(5_000)),
      ),
      'x-razorpay-event-id': fc.constantFrom('evt_1', '', 'evt_'.repeat(100), "evt'1"),
      // The branch of an owner-side call: malformed, unknown or huge ids must be a clean 4xx.
      'x-business-id': fc.constantFrom(
        'abc',
        '0',
        '-1',
        '1.5',
        ' 7 ',
        '99999999999999999999',
        '987654321',
        '',
      ),
    },
    { requiredKeys: ['x-forwarded-for'] },
  )
  .map((headers) => Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as never);

/** JSON text a parser must refuse, or bytes that are not UTF-8 at all. */
const MALFORMED_BODIES: (string | Buffer)[] = [
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  'undefined',
  'NaN',
  '\u0000',
  '\uFEFF{}',
  '[',
  '"',
  '{"__proto__":',
  ' ',
  '',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x41"}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":+1}',
  '{"a":Infinity}',
  '{"a":"unterminated}',
  `${'['.repeat(100_000)}`,
  Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
  Buffer.from('{"name":"\xC0\xAE"}', 'latin1'),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  Buffer.alloc(64, 0),
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/JSON',
  'application/json, text/plain',
  'application/vnd.api+json',
  'application/octet-stream',
  '*/*',
  'garbage',
];

/** How a body travels: as JSON (mostly), malformed, under the wrong content type, or not at all. */
type TBodyEncoding =
  | { kind: 'json' }
  | { kind: 'malformed'; body: string | Buffer }
  | { kind: 'contentType'; type: string }
  | { kind: 'none' }
  | { kind: 'noContentType' }
  | { kind: 'oversized'; bytes: number };

const bodyEncoding: fc.Arbitrary<TBodyEncoding> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'json' as const }), weight: 14 },
  {
    arbitrary: fc.constantFrom(...MALFORMED_BODIES).map((body) => ({ kind: 'malformed' as const, body })),
    weight: 2,
  },
  {
    arbitrary: fc
      .constantFrom(...WRONG_CONTENT_TYPES)
      .map((type) => ({ kind: 'contentType' as const, type })),
    weight: 2,
  },
  { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'noContentType' as const }), weight: 1 },
  {
    arbitrary: fc
      .constantFrom(BODY_LIMITS.public + 1, BODY_LIMITS.trpc + 1, BODY_LIMITS.signedIn + 1)
      .map((bytes) => ({ kind: 'oversized' as const, bytes })),
    weight: 1,
  },
);

function withBody(
  headers: Record<string, string>,
  value: unknown,
  encoding: TBodyEncoding,
): Pick<TFuzzRequest, 'headers' | 'payload'> {
  const json = value === undefined ? undefined : toJsonText(value);
  switch (encoding.kind) {
    case 'json':
      return json === undefined
        ? { headers }
        : { headers: { ...headers, 'content-type': 'application/json' }, payload: json };
    case 'malformed':
      return { headers: { ...headers, 'content-type': 'application/json' }, payload: encoding.body };
    case 'contentType':
      return { headers: { ...headers, 'content-type': encoding.type }, payload: json ?? 'a=1' };
    case 'none':
      return { headers: { ...headers, 'content-type': 'application/json' } };
    case 'noContentType':
      return json === undefined ? { headers } : { headers, payload: json };
    case 'oversized':
      return {
        headers: { ...headers, 'content-type': 'application/json' },
        payload: `{"message":"${'x'.repeat(encoding.bytes)}"}`,
      };
  }
}

/** An object as a query string (arrays repeat the key, objects use brackets); other values as they are. */
export function queryStringOf(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object' || value instanceof RawJson || Array.isArray(value)) {
    return `?${encodeSegment(toParamText(value))}`;
  }
  const pairs: string[] = [];
  const add = (key: string, item: unknown) => {
    if (item === undefined) return;
    if (Array.isArray(item)) for (const element of item) add(key, element);
    else if (item !== null && typeof item === 'object' && !(item instanceof RawJson)) {
      for (const [sub, element] of Object.entries(item)) add(`${key}[${sub}]`, element);
    } else pairs.push(`${encodeSegment(key)}=${encodeSegment(item === null ? '' : toParamText(item))}`);
  };
  for (const [key, item] of Object.entries(value)) add(key, item);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

const RAW_QUERIES = [
  '?page=1&page=2',
  '?%00=1',
  '?a=%',
  '?a=%zz&b=%ff',
  '?&&&=&',
  '?__proto__[isAdmin]=1',
  '?constructor[prototype][x]=1',
  '?search=%00',
  '?search=%ED%A0%80',
  `?search=${'a'.repeat(20_000)}`,
  '?page[]=1',
  '?page[a]=1',
  '?limit=1e308',
  '?limit=-0',
  '?sortBy=__proto__',
  '?sortOrder=asc;drop',
];

/** A REST request: path parameters (plausible or hostile), then the query or the body. */
export function restPlanArbitrary(
  operation: TRestOperation,
  fixtures: TFuzzFixtures,
): fc.Arbitrary<TRequestPlan> {
  const pathValues = fc.tuple(
    ...operation.pathParams.map((param) =>
      fc.oneof(
        {
          arbitrary: plausibleValue(param.schema, operation.resolve, fixtures, param.name).map((value) =>
            encodeSegment(toParamText(value ?? '')),
          ),
          weight: 3,
        },
        { arbitrary: hostilePathSegment, weight: 2 },
      ),
    ),
  );
  const usesBody = operation.body !== undefined || !['GET', 'DELETE'].includes(operation.method);
  return fc
    .record({
      actor: actorArbitrary(operation.auth),
      badToken: fc.nat(),
      pathValues,
      input: inputArbitrary(usesBody ? operation.body : operation.query, operation.resolve, fixtures),
      body: bodyEncoding,
      rawQuery: rarely(fc.constantFrom(...RAW_QUERIES), 8),
      headers: extraHeaders,
      trailingSlash: fc.boolean(),
      // Now and then a method the path does not take.
      otherMethod: rarely(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'), 15),
      copies: copiesArbitrary,
    })
    .map(
      ({
        actor,
        badToken,
        pathValues: values,
        input,
        body,
        rawQuery,
        headers,
        trailingSlash,
        otherMethod,
        copies,
      }) => {
        let index = 0;
        const path = operation.path.replace(/\{(\w+)\}/g, () => values[index++] ?? '');
        const base = `${path}${trailingSlash ? '/' : ''}`;
        const method = otherMethod ?? operation.method;
        const request: TFuzzRequest = usesBody
          ? { method, url: `${base}${rawQuery ?? ''}`, ...withBody(headers, input.value, body) }
          : { method, url: `${base}${rawQuery ?? queryStringOf(input.value)}`, headers };
        return { operation: operation.id, actor, badToken, request, input, page: operation.page, copies };
      },
    );
}

type TTrpcVariant = 'normal' | 'wrongMethod' | 'batchOfOne' | 'inputInQuery';

/** A tRPC call over HTTP as the client makes it, or with the wrong method, body or batch form. */
export function trpcPlanArbitrary(
  operation: TTrpcOperation,
  fixtures: TFuzzFixtures,
): fc.Arbitrary<TRequestPlan> {
  return fc
    .record({
      actor: actorArbitrary(operation.auth),
      badToken: fc.nat(),
      input: inputArbitrary(operation.input, operation.resolve, fixtures),
      variant: fc.oneof(
        { arbitrary: fc.constant<TTrpcVariant>('normal'), weight: 12 },
        { arbitrary: fc.constantFrom<TTrpcVariant>('wrongMethod', 'batchOfOne', 'inputInQuery'), weight: 3 },
      ),
      body: bodyEncoding,
      headers: extraHeaders,
      copies: copiesArbitrary,
    })
    .map(({ actor, badToken, input, variant, body, headers, copies }) => {
      const url = `/trpc/${operation.path}`;
      const asQuery = (operation.kind === 'query') !== (variant === 'wrongMethod');
      const json = input.value === undefined ? undefined : toJsonText(input.value);
      let request: TFuzzRequest;
      if (variant === 'batchOfOne') {
        const batch = `{"0":${json ?? 'null'}}`;
        request = asQuery
          ? { method: 'GET', url: `${url}?batch=1&input=${encodeSegment(batch)}`, headers }
          : { method: 'POST', url: `${url}?batch=1`, ...withBody(headers, new RawJson(batch), body) };
      } else if (asQuery || variant === 'inputInQuery') {
        request = {
          method: asQuery ? 'GET' : 'POST',
          url: json === undefined ? url : `${url}?input=${encodeSegment(json)}`,
          headers,
        };
      } else {
        request = { method: 'POST', url, ...withBody(headers, input.value, body) };
      }
      return { operation: operation.id, actor, badToken, request, input, copies };
    });
}

const BOGUS_PROCEDURES = [
  '',
  'nope',
  'admin',
  'admin.users',
  '__proto__',
  'constructor',
  '..',
  'a'.repeat(700),
  '%00',
];

/**
 * A tRPC batch: up to 25 calls (the cap is 10), existing procedures and bogus names, with inputs
 * that are right, wrong or missing, as GET or POST.
 */
export function batchPlanArbitrary(
  operations: TTrpcOperation[],
  fixtures: TFuzzFixtures,
): fc.Arbitrary<TRequestPlan> {
  const call = fc.oneof(
    {
      arbitrary: fc.constantFrom(...operations).chain((operation) =>
        inputArbitrary(operation.input, operation.resolve, fixtures).map((input) => ({
          name: operation.path,
          input,
        })),
      ),
      weight: 8,
    },
    {
      arbitrary: fc
        .constantFrom(...BOGUS_PROCEDURES)
        .map((name) => ({ name, input: { how: 'absent' as const, value: undefined } })),
      weight: 1,
    },
  );
  return fc
    .record({
      actor: fc.constantFrom<TActor>('anonymous', 'owner', 'admin', 'superAdmin', 'badToken'),
      badToken: fc.nat(),
      calls: fc.oneof(
        { arbitrary: fc.array(call, { minLength: 1, maxLength: BODY_LIMITS.trpcMaxBatch }), weight: 3 },
        {
          arbitrary: fc.array(call, { minLength: BODY_LIMITS.trpcMaxBatch + 1, maxLength: 25 }),
          weight: 2,
        },
      ),
      method: fc.constantFrom('GET', 'POST'),
      batchFlag: fc.constantFrom('1', '1', '1', 'true', '0', '', 'x'),
      shape: fc.constantFrom('object', 'object', 'object', 'array', 'hostile'),
      hostile: hostileString,
      headers: extraHeaders,
    })
    .map(({ actor, badToken, calls, method, batchFlag, shape, hostile, headers }) => {
      const names = calls.map((c) => encodeSegment(c.name).replace(/%2E/gi, '.')).join(',');
      const inputs = calls.map((c) => (c.input.value === undefined ? 'null' : toJsonText(c.input.value)));
      const batch =
        shape === 'array'
          ? `[${inputs.join(',')}]`
          : shape === 'hostile'
            ? JSON.stringify(hostile)
            : `{${inputs.map((text, i) => `"${i}":${text}`).join(',')}}`;
      const url = `/trpc/${names}?batch=${batchFlag}`;
      const request: TFuzzRequest =
        method === 'GET'
          ? { method, url: `${url}&input=${encodeSegment(batch)}`, headers }
          : { method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: batch };
      return { operation: `trpc batch of ${calls.length}`, actor, badToken, request };
    });
}

/** The arbitrary of an operation's requests, by transport. */
export const planArbitrary = (operation: TOperation, fixtures: TFuzzFixtures) =>
  operation.transport === 'rest'
    ? restPlanArbitrary(operation, fixtures)
    : trpcPlanArbitrary(operation, fixtures);

/** A request for the failure report: the body cut to a readable length. */
export function describeRequest(request: TFuzzRequest): string {
  const payload = request.payload;
  const text =
    payload === undefined
      ? '(no body)'
      : Buffer.isBuffer(payload)
        ? `<${payload.length} bytes> ${payload.toString('hex').slice(0, 200)}`
        : payload.length > 1_500
          ? `${JSON.stringify(payload.slice(0, 1_500))}… (${payload.length} chars)`
          : JSON.stringify(payload);
  const url =
    request.url.length > 1_500
      ? `${request.url.slice(0, 1_500)}… (${request.url.length} chars)`
      : request.url;
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      name === 'authorization' && value.length > 40 ? `${value.slice(0, 30)}…` : value,
    ]),
  );
  return `${request.method} ${url}\nheaders: ${JSON.stringify(headers)}\nbody: ${text}`;
}
