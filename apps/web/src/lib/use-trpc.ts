import { useRouteContext } from '@tanstack/react-router';
import type { TTrpc } from './trpc.ts';

/** The tRPC options proxy from the router context: `useQuery(useTrpc().owner.me.queryOptions())`. */
export function useTrpc(): TTrpc {
  return useRouteContext({ from: '__root__', select: (context) => context.trpc });
}
