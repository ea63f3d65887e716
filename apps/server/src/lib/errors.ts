import { ERROR_TEXTS } from '@starloop/contract';
import { isDatabaseTimeout, isDatabaseUnavailable, isUniqueViolation } from '@starloop/db';

/**
 * A failure the caller can act on: a 4xx with a message meant for people. Anything else that is
 * thrown is a fault (5xx) whose details stay in the log.
 */
export type TErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'GONE'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

export const HTTP_STATUS: Record<TErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

export class AppError extends Error {
  constructor(
    public readonly code: TErrorCode,
    message: string,
    /** Which input field is at fault, when one is (e.g. 'code', 'branches.1.code'). */
    public readonly field?: string,
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return HTTP_STATUS[this.code];
  }
}

/** How long a client should wait before trying again after a database outage answer. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export const serviceUnavailable = (retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS) =>
  new AppError('SERVICE_UNAVAILABLE', ERROR_TEXTS.unavailable, undefined, { retryAfterSeconds });

/**
 * A database that is unreachable, restarting or out of time is not a bug of the request: it is
 * answered 503 with Retry-After (and logged with its cause), never 500.
 */
export function unavailableFrom(error: unknown): AppError | undefined {
  return isDatabaseUnavailable(error) || isDatabaseTimeout(error) ? serviceUnavailable() : undefined;
}

export const badRequest = (message: string, field?: string) => new AppError('BAD_REQUEST', message, field);
export const unauthorized = (message = 'Please sign in again.') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);

/** What a lookup found, or a 404 with `message` (another owner's row is "not found" just the same). */
export function foundOr404<T>(found: T | null | undefined, message: string): T {
  if (found === null || found === undefined) throw notFound(message);
  return found;
}
export const conflict = (message: string, field?: string) => new AppError('CONFLICT', message, field);

/**
 * A unique index that a concurrent request filled after the pre-checks passed, told as the same 409
 * the pre-check gives: `keys` maps each constraint (or column) to that message and field, first
 * match wins. Undefined for any other error, which the caller throws as it is.
 */
export function uniqueConflict(
  error: unknown,
  keys: Readonly<Record<string, readonly [message: string, field: string]>>,
): AppError | undefined {
  for (const [key, [message, field]] of Object.entries(keys)) {
    if (isUniqueViolation(error, key)) return conflict(message, field);
  }
  return undefined;
}

/** The first message of a zod error, with its field path. */
export function firstIssue(error: { issues: { message: string; path: PropertyKey[] }[] }): {
  message: string;
  field: string | undefined;
} {
  const issue = error.issues[0];
  return {
    message: issue?.message ?? 'Invalid input',
    field: issue && issue.path.length > 0 ? issue.path.map(String).join('.') : undefined,
  };
}
