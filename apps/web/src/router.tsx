import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createBrowserHistory,
  createRouter,
  type RouterHistory,
  RouterProvider,
} from '@tanstack/react-router';
import { NotFound } from './components/not-found/not-found.tsx';
import { RouteError } from './components/route-error/route-error.tsx';
import { currentBranch } from './lib/branch.ts';
import { createQueryClient } from './lib/query-client.ts';
import type { TRouterContext } from './lib/router-context.ts';
import { endSession } from './lib/session.ts';
import { createTrpc, createTrpcClient, type TTrpc, type TTrpcClient } from './lib/trpc.ts';
import { routeTree } from './routeTree.gen.ts';

export type { TRouterContext };

function buildRouter(context: TRouterContext, history: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context,
    defaultPreload: 'intent',
    // TanStack Query owns caching; the router asks it again on every preload/navigation.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    // Unknown paths render the root's full-page 404 (no area layout, no Mantine).
    notFoundMode: 'root',
    scrollRestoration: true,
  });
}

export type TAppRouter = ReturnType<typeof buildRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: TAppRouter;
  }
}

export interface TCreateAppOptions {
  /** Browser history by default; tests pass createMemoryHistory(). */
  history?: RouterHistory;
  /** Network for tRPC calls (tests pass a fake server). */
  fetch?: typeof fetch;
  queryClient?: QueryClient;
}

export interface TApp {
  router: TAppRouter;
  queryClient: QueryClient;
  trpc: TTrpc;
  trpcClient: TTrpcClient;
}

/**
 * Builds the whole client: query cache, tRPC client (with the 401 handling wired to the router)
 * and the router. main.tsx and the tests both start here, so tests exercise the real wiring.
 */
export function createApp(options: TCreateAppOptions = {}): TApp {
  const queryClient = options.queryClient ?? createQueryClient();
  let router: TAppRouter | undefined;
  const trpcClient = createTrpcClient({
    ...(options.fetch ? { fetch: options.fetch } : {}),
    branch: () => (router ? currentBranch(router.state.location.searchStr) : undefined),
    onUnauthorized: (area) => {
      if (router) void endSession(area, { router, queryClient });
    },
  });
  const trpc = createTrpc(trpcClient, queryClient);
  router = buildRouter({ queryClient, trpc }, options.history ?? createBrowserHistory());
  return { router, queryClient, trpc, trpcClient };
}

/** The whole app for React: the query cache around the router. main.tsx and the tests render this. */
export function AppRoot({ app }: { app: Pick<TApp, 'router' | 'queryClient'> }) {
  return (
    <QueryClientProvider client={app.queryClient}>
      <RouterProvider router={app.router} />
    </QueryClientProvider>
  );
}
