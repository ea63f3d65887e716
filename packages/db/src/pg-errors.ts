/**
 * PostgreSQL errors by SQLSTATE, for both drivers: `pg` throws a DatabaseError and PGlite its own
 * error class, and both carry the server's fields (code, constraint, detail, table) as properties.
 * So a lost race on a unique index is recognised the same way on either.
 */

export const PG_ERROR_CODES = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  notNullViolation: '23502',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  lockNotAvailable: '55P03',
  queryCanceled: '57014',
} as const;

export interface TPgError {
  /** SQLSTATE, e.g. '23505'. */
  code: string;
  constraint: string | undefined;
  /** e.g. 'Key (lower(email))=(a@b.in) already exists.' */
  detail: string | undefined;
  table: string | undefined;
  /** Set on not-null violations. */
  column: string | undefined;
  message: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The server's fields of a database error from either driver; undefined for anything else. */
export function pgErrorOf(error: unknown): TPgError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as Record<string, unknown>;
  if (typeof e.code !== 'string' && typeof e.code !== 'number') return undefined;
  const message = text(e.message) ?? '';
  return {
    code: String(e.code),
    // Older drivers only name the constraint in the message.
    constraint: text(e.constraint) ?? message.match(/constraint "([^"]+)"/)?.[1],
    detail: text(e.detail),
    table: text(e.table),
    column: text(e.column),
    message,
  };
}

/** The columns (or the columns inside expressions) of a detail's `Key (a, lower(b))=(…)`. */
function keyColumns(detail: string | undefined): string[] {
  const key = detail?.match(/^Key \((.*?)\)=\(/)?.[1];
  return key ? (key.match(/[a-z_][a-z0-9_]*/gi) ?? []) : [];
}

/**
 * The error has that SQLSTATE and, when `name` is given, names that constraint (`owners_code_key`)
 * or that column (`contact_number` in its key, `email` for a key on `lower(email)`).
 */
function isPgError(error: unknown, code: string, name?: string): boolean {
  const e = pgErrorOf(error);
  if (e?.code !== code) return false;
  if (name === undefined) return true;
  return e.constraint === name || e.column === name || keyColumns(e.detail).includes(name);
}

/** SQLSTATE 23505 (a unique index or constraint), optionally on one constraint or column. */
export const isUniqueViolation = (error: unknown, constraintOrColumn?: string): boolean =>
  isPgError(error, PG_ERROR_CODES.uniqueViolation, constraintOrColumn);

/** SQLSTATE 23503, optionally on one constraint or column. */
export const isForeignKeyViolation = (error: unknown, constraintOrColumn?: string): boolean =>
  isPgError(error, PG_ERROR_CODES.foreignKeyViolation, constraintOrColumn);

/** SQLSTATE 23514, optionally on one constraint. */
export const isCheckViolation = (error: unknown, constraint?: string): boolean =>
  isPgError(error, PG_ERROR_CODES.checkViolation, constraint);

/** SQLSTATE 23502, optionally on one column. */
export const isNotNullViolation = (error: unknown, column?: string): boolean =>
  isPgError(error, PG_ERROR_CODES.notNullViolation, column);

/**
 * The constraint a unique violation hit ('' when the error does not name it); undefined when the
 * error is not a unique violation. For callers that map each constraint to its own message.
 */
export function uniqueViolationConstraint(error: unknown): string | undefined {
  const e = pgErrorOf(error);
  return e?.code === PG_ERROR_CODES.uniqueViolation ? (e.constraint ?? '') : undefined;
}

/**
 * SQLSTATEs that say the database cannot serve right now, not that the request was wrong:
 * connection exceptions (class 08), operator intervention (57P01 admin shutdown, 57P02 crash
 * shutdown, 57P03 cannot connect now), and insufficient resources (53xxx).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53...)$/;
/** Node socket errors, and the drivers' own messages when the server is unreachable or went away (or this process closed its pool while shutting down). */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|is not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)|Client has encountered a connection error|Connection closed|Cannot use a pool after calling end|PGlite is closed|driver has already been destroyed/i;

/**
 * The database is unreachable or refusing work (an outage, a restart, a full pool that timed out):
 * the request should be answered 503 with Retry-After, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (code && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  // AggregateError (a host with several addresses) and wrapped causes.
  if (Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable)) return true;
  return e.cause !== undefined && e.cause !== error && isDatabaseUnavailable(e.cause);
}

/** A statement or lock wait that ran out of time (57014 statement_timeout, 55P03 lock_timeout). */
export const isDatabaseTimeout = (error: unknown): boolean => {
  const code = pgErrorOf(error)?.code;
  return code === PG_ERROR_CODES.queryCanceled || code === PG_ERROR_CODES.lockNotAvailable;
};

/** SQLSTATE 40001: a serializable (or repeatable read) transaction lost to a concurrent one. */
export const isSerializationFailure = (error: unknown): boolean =>
  isPgError(error, PG_ERROR_CODES.serializationFailure);

/** SQLSTATE 40P01: the server broke a deadlock by failing this transaction. */
export const isDeadlock = (error: unknown): boolean => isPgError(error, PG_ERROR_CODES.deadlockDetected);

/**
 * The transaction lost a conflict with a concurrent one (a serialization failure or a deadlock):
 * nothing it did was kept, and running it again may well succeed.
 */
export const isRetryableConflict = (error: unknown): boolean =>
  isSerializationFailure(error) || isDeadlock(error);
