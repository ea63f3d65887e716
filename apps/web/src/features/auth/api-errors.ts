import { TRPCClientError } from '@trpc/client';

/**
 * Reading tRPC failures the way the spec's screens do: "the server's message, else {fallback}",
 * with network failures (no answer from the server at all) told apart.
 */

interface TErrorData {
  code?: string;
  httpStatus?: number;
  field?: string | null;
}

function errorData(error: unknown): TErrorData | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  return data && typeof data === 'object' ? (data as TErrorData) : undefined;
}

/** No answer from the server (offline, DNS, refused, or something other than the API answered). */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof TRPCClientError) return errorData(error) === undefined;
  return error instanceof TypeError;
}

/** The message the server sent with its error, if it answered with one. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError) || errorData(error) === undefined) return undefined;
  return typeof error.message === 'string' && error.message.trim() ? error.message : undefined;
}

/** The server's message, else the fallback (network failures included). */
export function messageOr(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** The form field the server blamed (tRPC `data.field`), e.g. 'code' or 'phone'. */
export function serverField(error: unknown): string | undefined {
  const field = errorData(error)?.field;
  return typeof field === 'string' && field ? field : undefined;
}
