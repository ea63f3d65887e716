import { QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';

/** 4xx answers (bad input, 401, 403, 404, 429...) will not change on retry; network faults and 5xx may. */
function isClientError(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const status = (error.data as { httpStatus?: unknown } | undefined)?.httpStatus;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** How long an answer counts as fresh: a loader's answer is taken over by the screen without a second call. */
export const STALE_TIME_MS = 30_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
