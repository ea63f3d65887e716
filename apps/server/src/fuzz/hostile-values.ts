import fc from 'fast-check';

/**
 * Values a hostile or careless client sends. Plain data (strings, numbers, arrays, objects) plus
 * `RawJson`: JSON text written as it is, for what JSON.stringify cannot spell (`-0`, `1e400`,
 * integers past 2^53, nesting deeper than a recursive serializer should walk).
 */
export class RawJson {
  constructor(readonly text: string) {}
  toString(): string {
    return `RawJson(${this.text.length > 80 ? `${this.text.slice(0, 80)}…` : this.text})`;
  }
}

/** JSON text of a generated value; RawJson is written verbatim. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => toJsonText(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const parts = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A value as it travels in a query string or a path segment. */
export function toParamText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'string') return value;
  return toJsonText(value);
}

/** Strings big enough to cross every cap: line (200), long (10k), bodies (16 KB, 256 KB, 1 MB). */
export const HUGE_LENGTHS = [201, 255, 257, 2049, 10_001, 16 * 1024 + 1, 65_536, 256 * 1024 + 1, 1_000_000];

// Text that PostgreSQL, regexes, renderers or people trip over. Never a fragment of the response
// leak patterns (response-checks.ts), so an echoed input is never mistaken for a leak.
const EDGE_TEXTS = [
  '',
  ' ',
  '   \t\n',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '\u202Eevil\u202C',
  '\u200F\u200E\u061C',
  '\u200B\u200C\u200D\uFEFF',
  '👍🏽',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈'.repeat(30),
  `e${'\u0301'.repeat(500)}`,
  'Z̸̢̛̗̭̓̈́a̵̛̱͕͐l̷̰̈g̵̣̓o̴̪͗',
  '１２３',
  '٣',
  '½',
  'ǅ',
  'İ',
  'ß',
  'ﬀ',
  '\u2028\u2029',
  '\r\nSet-Cookie: a=b',
  '\\',
  '"',
  "'",
  '`',
  '%00',
  '%',
  '%ZZ',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as it is.
  '${7*7}',
  '{{7*7}}',
  '#{7*7}',
  '%s%s%s%n',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE owners; --",
  '1; SELECT pg_sleep(5)',
  "admin'--",
  '" OR ""="',
  "1' UNION SELECT NULL,NULL --",
  '$1',
  '\\x00',
  "E'\\\\x00'",
  '{"$gt":""}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  'false',
  '[]',
  '{}',
  '-0',
  '0',
  '-1',
  '1e308',
  '1e309',
  '-1e308',
  '0x1F',
  '0b101',
  '0o17',
  '3.0',
  '3.',
  '.5',
  ' 3',
  '3 ',
  '+3',
  '1_000',
  '9'.repeat(400),
  '9007199254740993',
  '2147483648',
  '-2147483649',
  '1970-01-01',
  '9999-12-31T23:59:59Z',
  '0000-00-00',
  '2026-02-30',
  'a@b',
  'a@b.c',
  'x@example.com',
  `${'a'.repeat(64)}@${'b'.repeat(189)}.in`,
  'MAILER-DAEMON@localhost',
  'https://example.com/review',
  'http://127.0.0.1:5432/',
  'file:///etc/passwd',
  'Bearer x',
];

/** A string from the edge list, random full-unicode text (lone surrogates included), or a huge one. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...EDGE_TEXTS), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...HUGE_LENGTHS), fc.constantFrom('a', '9', 'é', '😀', ' ', '\u0301', '%'))
      .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length))),
    weight: 1,
  },
);

/** Numbers JSON can carry and a schema may not expect, plus spellings only raw JSON has. */
export const hostileNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.constantFrom<number | RawJson>(
    0,
    -1,
    1,
    0.5,
    -0.5,
    1.5,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 32,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    1e308,
    -1e308,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    5e-324,
    1e21,
    new RawJson('-0'),
    new RawJson('-0.0'),
    new RawJson('1e400'),
    new RawJson('-1e400'),
    new RawJson('9007199254740993'),
    new RawJson('123456789012345678901234567890'),
    new RawJson('1E2'),
    new RawJson('0.0000000000000000000000000001'),
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Deeply nested arrays or objects, written as raw JSON so no recursion builds them. */
export const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom(33, 100, 1_000, 5_000), fc.boolean())
  .map(([depth, asObject]) =>
    asObject
      ? new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)
      : new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`),
  );

/** Any hostile value: strings, numbers, the wrong JSON types, nesting, big arrays and odd objects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 6 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], [[]], { '': '' }), weight: 2 },
  { arbitrary: deepNesting, weight: 1 },
  {
    arbitrary: fc.constantFrom<unknown>(
      new RawJson('{"__proto__":{"isAdmin":true,"role":"super_admin"}}'),
      new RawJson('{"constructor":{"prototype":{"polluted":1}}}'),
      new RawJson('{"a":1,"a":2}'),
      new RawJson(`[${Array.from({ length: 100_000 }, () => '0').join(',')}]`),
      new RawJson(`{${Array.from({ length: 5_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`),
      { $gt: '' },
      { $ne: null },
      ['a', 1, null, {}],
    ),
    weight: 1,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

/** Percent-encodes text for a URL; a lone surrogate (which encodeURIComponent refuses) as its WTF-8 bytes. */
export function encodeSegment(text: string): string {
  return Array.from(text, (char) => {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    }
    return encodeURIComponent(char);
  }).join('');
}

/** Path segments a route's `:id` or `:code` must refuse (already percent-encoded where needed). */
export const hostilePathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '3.0',
    '0x1F',
    '-1',
    '0',
    '-0',
    '1e3',
    '+1',
    '%20',
    '%201',
    '%00',
    '1%00',
    '%2e%2e',
    '..',
    '.',
    '%2F',
    '%ff',
    '%C0%AE',
    '%D8%00',
    '%ED%A0%80',
    '%F0%9F%98%80',
    '%E2%80%AE',
    '%',
    '%%',
    '%zz',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    '9007199254740993',
    '99999999999999999999',
    '2147483648',
    '1,2',
    '1;2',
    "1'",
    '1%27%20OR%201%3D1',
    '%3Cscript%3E',
    '__proto__',
    'constructor',
    'a'.repeat(601),
    '9'.repeat(601),
    'x'.repeat(5_000),
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(encodeSegment),
  fc.integer({ min: -5, max: 2 ** 31 + 5 }).map(String),
);
