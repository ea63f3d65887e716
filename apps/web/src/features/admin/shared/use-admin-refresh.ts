import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTrpc } from '../../../lib/use-trpc.ts';

/**
 * After a change (edit, delete, create, onboarding): every admin answer is stale, the ones on screen
 * (the current page, its cards) load again at once.
 */
export function useAdminRefresh() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries(trpc.admin.pathFilter()), [queryClient, trpc]);
}
