import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTrpc } from '../../../lib/use-trpc.ts';

/** The owner's live placements and their plan's limit (owner.placements.list). */
export function usePlacements() {
  const trpc = useTrpc();
  return useQuery(trpc.owner.placements.list.queryOptions(undefined, { staleTime: 30_000 }));
}

/** After a create, rename or delete: the list and the By-placement figures load again. */
export function useRefreshPlacements() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries(trpc.owner.placements.pathFilter()),
    [queryClient, trpc],
  );
}
