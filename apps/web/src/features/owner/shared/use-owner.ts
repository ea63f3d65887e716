import { useQuery } from '@tanstack/react-query';
import { useTrpc } from '../../../lib/use-trpc.ts';

/**
 * The signed-in owner (owner.me): the layout's greeting, the profile, and whether the
 * Professional-only parts (automatic replies, templates) are on. One cached query for all of them.
 */
export function useOwner() {
  const trpc = useTrpc();
  return useQuery(trpc.owner.me.queryOptions(undefined, { staleTime: 60_000 }));
}

/** Public facts (appUrl for the review link, payments test mode). Rarely changes. */
export function useSystemInfo() {
  const trpc = useTrpc();
  return useQuery(trpc.system.info.queryOptions(undefined, { staleTime: Number.POSITIVE_INFINITY }));
}
