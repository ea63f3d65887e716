import type { AppRouter } from '@starloop/server/router';
import type { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, splitLink, type TRPCClient, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { isUnauthorizedError } from './api-errors.ts';
import { areaForProcedure, getToken, SESSION_EXEMPT_PROCEDURES, type TSessionArea } from './auth.ts';
import { reportingFetch } from './connectivity.ts';

export type TTrpcClient = TRPCClient<AppRouter>;
/** `trpc.owner.me.queryOptions()` and friends, for TanStack Query hooks, loaders and prefetching. */
export type TTrpc = TRPCOptionsProxy<AppRouter>;

/** Where tRPC is mounted on the server (and proxied by Vite in development). */
export const TRPC_URL = '/trpc';

/**
 * Watches every result: a 401 from any procedure outside SESSION_EXEMPT_PROCEDURES calls
 * `onUnauthorized` with the session area the procedure belongs to. The error still reaches the
 * caller unchanged. Sitting in the link chain, it covers queries, mutations and direct client calls.
 */
export function unauthorizedLink(
  onUnauthorized: (area: TSessionArea, path: string) => void,
): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) =>
        next(op).subscribe({
          next: (value) => observer.next(value),
          error: (error) => {
            if (isUnauthorizedError(error) && !SESSION_EXEMPT_PROCEDURES.has(op.path)) {
              onUnauthorized(areaForProcedure(op.path), op.path);
            }
            observer.error(error);
          },
          complete: () => observer.complete(),
        }),
      );
}

export interface TCreateTrpcClientOptions {
  /** Defaults to TRPC_URL. */
  url?: string;
  /** A fetch implementation (tests pass a fake server here). Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** The branch the owner area is on (`?branch=`), sent as X-Business-Id with owner-side calls. */
  branch?: () => string | undefined;
  /** Called when a call fails with 401 (see unauthorizedLink). */
  onUnauthorized?: (area: TSessionArea, path: string) => void;
}

/**
 * The tRPC client. Admin procedures (`admin.*`) and the rest travel in separate batches so each
 * request carries exactly one bearer token: the admin token for admin procedures, the owner token
 * (when present) for everything else.
 */
export function createTrpcClient(options: TCreateTrpcClientOptions = {}): TTrpcClient {
  const url = options.url ?? TRPC_URL;
  const batchLink = (area: TSessionArea) =>
    httpBatchLink({
      url,
      // Keeps batched GET URLs inside what every proxy and browser accepts, and a batch within the
      // server's limit of 10 calls.
      maxURLLength: 2000,
      maxItems: 10,
      // Every call tells the offline banner whether the server answered (lib/connectivity.ts).
      fetch: reportingFetch(options.fetch),
      headers: () => {
        const token = getToken(area);
        const branch = area === 'owner' ? options.branch?.() : undefined;
        return {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(branch ? { 'X-Business-Id': branch } : {}),
        };
      },
    });

  return createTRPCClient<AppRouter>({
    links: [
      unauthorizedLink((area, path) => options.onUnauthorized?.(area, path)),
      splitLink({
        condition: (op) => areaForProcedure(op.path) === 'admin',
        true: batchLink('admin'),
        false: batchLink('owner'),
      }),
    ],
  });
}

export function createTrpc(client: TTrpcClient, queryClient: QueryClient): TTrpc {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient });
}
