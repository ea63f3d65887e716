import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, type RenderResult, render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { setToken } from '../lib/auth.ts';
import { STALE_TIME_MS } from '../lib/query-client.ts';
import { AppRoot, createApp, type TApp } from '../router.tsx';
import { createFakeTrpc, type TFakeHandlers, type TFakeTrpc } from './fake-trpc.ts';

export interface TRenderWithRouterOptions {
  /** The URL to open. Default '/'. */
  path?: string;
  /** Or a whole history stack; the last entry is the current page. */
  historyEntries?: string[];
  /** Fake tRPC procedures (see fake-trpc.ts); unknown ones answer NOT_FOUND. */
  handlers?: TFakeHandlers;
  /** Tokens stored before the app starts. */
  authToken?: string;
  adminToken?: string;
}

export interface TRenderWithRouterResult extends RenderResult, TApp {
  user: UserEvent;
  server: TFakeTrpc;
  /** The current pathname. */
  pathname: () => string;
}

/**
 * A query client for tests: the app's freshness (route loaders start a list's request, the screen
 * takes the answer over without asking again), no retries, no garbage-collection timers.
 */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_TIME_MS, retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

/**
 * Renders the real app (routes, guards, layouts, 401 handling) at a URL, in memory history, with a
 * fake tRPC server. Awaits the first navigation, so guards' redirects have happened on return.
 */
export async function renderWithRouter(
  options: TRenderWithRouterOptions = {},
): Promise<TRenderWithRouterResult> {
  if (options.authToken) setToken('owner', options.authToken);
  if (options.adminToken) setToken('admin', options.adminToken);

  const entries = options.historyEntries ?? [options.path ?? '/'];
  const history = createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1 });
  const server = createFakeTrpc(options.handlers);
  const app = createApp({ history, fetch: server.fetch, queryClient: createTestQueryClient() });
  const user = userEvent.setup();

  const result = render(<AppRoot app={app} />);
  await act(() => app.router.load());

  return {
    ...result,
    ...app,
    user,
    server,
    pathname: () => app.router.state.location.pathname,
  };
}
