import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api-errors.ts';

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
