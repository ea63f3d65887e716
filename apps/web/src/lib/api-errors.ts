import { ERROR_TEXTS } from '@starloop/contract';
import { TRPCClientError } from '@trpc/client';

/*
 * How every screen reads a failed call, tRPC or REST: the server's message and the field it
 * blamed, or "the server could not be reached". One reader, so screens agree on what counts as a
 * network failure. (The customer review page reads its two REST answers itself, in
 * packages/review-page (review-info.ts): it must not load the contract package this module uses.)
 */

export interface TApiErrorInfo {
  /** No answer from the server: offline, DNS, connection refused, a proxy page instead of JSON. */
  network: boolean;
  /** The server answered with an error (tRPC error data, or a REST status). */
  server: boolean;
  /** tRPC code, e.g. 'BAD_REQUEST'. */
  code?: string;
  status?: number;
  /** The server's message, when it sent a non-empty one. */
  message?: string;
  /** The input field the server blamed (`data.field`), e.g. 'code' or 'branches.1.code'. */
  field?: string;
}

/** A failed REST call: the server's message (or "HTTP error! status: N") and the HTTP status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A failed REST answer's error from its status and body text: the server's message and field, else
 * "HTTP error! status: N" (spec section 8) when the body says nothing (a proxy's error page).
 */
export function restErrorOf(status: number, bodyText: string): ApiError {
  let message = ERROR_TEXTS.httpError(status);
  let field: string | undefined;
  try {
    const body = JSON.parse(bodyText) as { message?: unknown; field?: unknown } | null;
    if (typeof body?.message === 'string' && body.message) message = body.message;
    if (typeof body?.field === 'string' && body.field) field = body.field;
  } catch {
    // Not JSON: the status says enough.
  }
  return new ApiError(message, status, field);
}

/** Turns a fetch() answer that is not ok into an ApiError. */
export async function restError(response: Response): Promise<ApiError> {
  return restErrorOf(response.status, await response.text().catch(() => ''));
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

export function readApiError(error: unknown): TApiErrorInfo {
  if (error instanceof TRPCClientError) {
    const data: unknown = error.data;
    if (!data || typeof data !== 'object') return { network: true, server: false };
    const { code, httpStatus, field } = data as { code?: unknown; httpStatus?: unknown; field?: unknown };
    return {
      network: false,
      server: true,
      ...(typeof code === 'string' ? { code } : {}),
      ...(typeof httpStatus === 'number' ? { status: httpStatus } : {}),
      ...(text(error.message) ? { message: error.message } : {}),
      ...(text(field) ? { field: field as string } : {}),
    };
  }
  if (error instanceof ApiError) {
    return {
      network: false,
      server: true,
      status: error.status,
      ...(text(error.message) ? { message: error.message } : {}),
      ...(error.field ? { field: error.field } : {}),
    };
  }
  // fetch() rejects with a TypeError when nothing answered.
  if (error instanceof TypeError) return { network: true, server: false };
  return { network: false, server: false };
}

export const isNetworkError = (error: unknown) => readApiError(error).network;
/** A 4xx answer (bad input, 401, 403, 404, 429…): asking again will not change it. */
export const isClientError = (error: unknown) => {
  const { status } = readApiError(error);
  return status !== undefined && status >= 400 && status < 500;
};
/** The token is missing, wrong, expired or revoked. */
export const isUnauthorizedError = (error: unknown) => {
  const { code, status } = readApiError(error);
  return code === 'UNAUTHORIZED' || status === 401;
};
export const isServerError = (error: unknown) => readApiError(error).server;
export const serverMessage = (error: unknown) => readApiError(error).message;
export const serverField = (error: unknown) => readApiError(error).field;

/**
 * What a failed action says: the server's message, else `fallback`. A network failure says
 * `network` (the screen's own text where the spec has one, else the fallback).
 */
export function messageOr(error: unknown, fallback: string, network: string = fallback): string {
  const info = readApiError(error);
  if (info.network) return network;
  return info.message ?? fallback;
}

/**
 * The message for 'Error: {message}' and 'Error loading …' boxes: the server's or the error's own
 * message; a network failure reads 'Unable to connect to server…' rather than the browser's words.
 */
export function anyMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  const info = readApiError(error);
  if (info.network) return ERROR_TEXTS.network;
  if (info.message) return info.message;
  return error instanceof Error && error.message ? error.message : fallback;
}
