import type { TGoogleStatus } from '@starloop/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTrpc } from '../../../lib/use-trpc.ts';

/** How often Settings asks again while an import or sync runs (the progress bar). */
export const GOOGLE_PROGRESS_POLL_MS = 1500;

const busy = (status: TGoogleStatus | undefined) =>
  status?.status === 'active' && (status.sync.state !== 'idle' || !status.sync.firstImportDone);

/**
 * The owner's Google connection (owner.google.status). A server without Google answers
 * `enabled: false` and the feature stays hidden; so does a failure to ask that outlasts the query
 * client's retries of network faults and 5xx.
 */
export function useGoogleStatus(options: { poll?: boolean } = {}) {
  const trpc = useTrpc();
  return useQuery(
    trpc.owner.google.status.queryOptions(undefined, {
      staleTime: 15_000,
      refetchInterval: (query) => (options.poll && busy(query.state.data) ? GOOGLE_PROGRESS_POLL_MS : false),
    }),
  );
}

/** After a Google change: the status, the reviews and the cards load again. */
export function useRefreshGoogle() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.owner.google.pathFilter()),
      queryClient.invalidateQueries(trpc.owner.dashboard.pathFilter()),
    ]);
  }, [queryClient, trpc]);
}
