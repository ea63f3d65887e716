import type { QueryClient } from '@tanstack/react-query';
import type { TTrpc } from './trpc.ts';

/** What every route's beforeLoad/loader receives (TanStack Router context). */
export interface TRouterContext {
  queryClient: QueryClient;
  trpc: TTrpc;
}
