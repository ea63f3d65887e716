import { TRPCClientError } from '@trpc/client';

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

/** The server answered with an error (as opposed to no answer at all). */
export function isServerError(error: unknown): boolean {
  return errorData(error) !== undefined;
}

/** No answer from the server: offline, DNS, connection refused, CORS, a proxy page instead of JSON. */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof TRPCClientError) || errorData(error)) return false;
  return true;
}

/** The server's message for a failed call, or undefined when the server did not answer. */
export function serverMessage(error: unknown): string | undefined {
  if (!isServerError(error)) return undefined;
  const message = (error as Error).message;
  return message ? message : undefined;
}

/** The field the server blamed (`data.field`, e.g. 'branches.1.code'), if any. */
export function serverField(error: unknown): string | undefined {
  return errorData(error)?.field ?? undefined;
}

/** Any error's message, for "Error loading …" boxes. */
export function anyMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
