import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * What a body must never show, whatever the status: internals of a fault. The fuzz inputs
 * (hostile-values.ts) never contain these shapes, so an echoed input is not mistaken for a leak.
 */
export const LEAK_PATTERNS: { name: string; pattern: RegExp }[] = [
  {
    name: 'a stack frame',
    pattern: /\bat (?:async )?[^\n"]{0,200}?(?:\.(?:ts|js|mjs|cjs)|node:[\w/]+):\d+:\d+/,
  },
  {
    name: 'a source path',
    pattern: /(?:\/work\/|\/home\/|\/app\/|\/usr\/|node_modules\/|\/src\/)[\w./@-]*\.(?:ts|js|mjs|cjs)\b/,
  },
  {
    // Statements as Kysely writes them (quoted identifiers, `\"` inside JSON) or as raw SQL does.
    name: 'SQL text',
    pattern:
      /\bselect\s+(?:distinct\s+)?(?:\\?"\w+\\?"\.)?(?:\\?"\w+\\?"|\*|count\(|coalesce\()[^\n]{0,300}?\bfrom\s+\\?"\w+\\?"|\binsert into\s+\\?"\w+\\?"|\bupdate\s+\\?"\w+\\?"\s+set\b|\bdelete from\s+\\?"\w+\\?"|\bselect\s[^\n"]{0,200}?\bfrom\s+[a-z_]+(?:\s+[a-z]{1,3})?\s+(?:where|join|inner|left|order by|group by|limit)\b/i,
  },
  {
    name: 'a PostgreSQL error',
    pattern:
      /syntax error at or near|violates (?:unique|foreign key|check|not-null|exclusion) constraint|duplicate key value|invalid input syntax for|relation \\?"[^"]+\\?" does not exist|column \\?"[^"]+\\?" (?:of relation|does not exist)|out of range for type|invalid byte sequence for encoding|unterminated quoted|null value in column|current transaction is aborted|unsupported Unicode escape sequence/i,
  },
  { name: 'a password hash', pattern: /\$argon2(?:id|i|d)?\$|\$2[aby]\$\d\d\$/ },
];

export interface TResponseLike {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
}

const header = (response: TResponseLike, name: string) => {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join(', ') : value === undefined ? '' : String(value);
};

/** The body as text, decompressed when the server compressed it. */
export function bodyText(response: TResponseLike): string {
  const encoding = header(response, 'content-encoding').toLowerCase();
  const raw = response.rawPayload;
  const bytes =
    encoding === 'br'
      ? brotliDecompressSync(raw)
      : encoding === 'gzip'
        ? gunzipSync(raw)
        : encoding === 'deflate'
          ? inflateSync(raw)
          : raw;
  return bytes.toString('utf8');
}

const nonEmptyMessage = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { message?: unknown }).message === 'string' &&
  (value as { message: string }).message.trim().length > 0;

/** A tRPC error envelope: `{ error: { message, code, data: { code, httpStatus } } }`. */
const isTrpcError = (value: unknown): boolean => {
  const error = (value as { error?: { data?: { code?: unknown; httpStatus?: unknown } } } | null)?.error;
  return (
    nonEmptyMessage(error) &&
    typeof error?.data?.code === 'string' &&
    typeof error.data.httpStatus === 'number'
  );
};

/**
 * Everything wrong with one answer: a 5xx; a 4xx that is not JSON with a message for people (REST:
 * `{ message }`; tRPC: its error envelope, per call of a batch, or the REST shape where Fastify
 * refused the request before tRPC saw it); any body that leaks internals.
 */
export function responseViolations(
  response: TResponseLike,
  transport: 'rest' | 'trpc',
  /** A page route asked for HTML (Accept: text/html) may refuse with a page instead of JSON. */
  page = false,
): string[] {
  const violations: string[] = [];
  const status = response.statusCode;
  let text: string;
  try {
    text = bodyText(response);
  } catch {
    return [`the ${header(response, 'content-encoding')} body does not decompress`];
  }
  if (status >= 500) violations.push(`answered ${status}`);
  const type = header(response, 'content-type');
  if (status >= 400 && status < 500 && page && type.startsWith('text/html')) {
    if (text.replace(/<[^>]*>/g, '').trim().length === 0)
      violations.push(`a ${status} page without a message`);
  } else if (status >= 400 && status < 500) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      violations.push(`a ${status} that is not JSON (content-type ${type || 'none'})`);
    }
    if (body !== undefined) {
      if (!type.includes('application/json'))
        violations.push(`a ${status} with content-type ${type || 'none'}`);
      const ok =
        transport === 'rest'
          ? nonEmptyMessage(body)
          : nonEmptyMessage(body) ||
            isTrpcError(body) ||
            (Array.isArray(body) &&
              body.length > 0 &&
              body.every(
                (item) =>
                  isTrpcError(item) || (typeof item === 'object' && item !== null && 'result' in item),
              ));
      if (!ok)
        violations.push(
          `a ${status} without ${transport === 'rest' ? 'a message' : 'a tRPC error with a message'}`,
        );
    }
  }
  for (const { name, pattern } of LEAK_PATTERNS) {
    const found = pattern.exec(text);
    if (found)
      violations.push(
        `the body shows ${name}: …${text.slice(Math.max(0, found.index - 60), found.index + 120)}…`,
      );
  }
  return violations;
}
