import type { TRouterContext } from '../../lib/router-context.ts';
import type { TTrpc } from '../../lib/trpc.ts';

/*
 * One detail screen's route (a campaign, a customer): the record's id in the path, validated, and
 * the record's tRPC query, declared once. The route file spreads `detail.route` (params.parse and
 * params.stringify, a loader that starts the query); the screen runs `detail.queryOptions(trpc, id)`
 * (the same query key, so the loader's answer is the screen's). This module is imported by route
 * files, which are not code-split: it stays free of Mantine and zod (see lib/search-params.ts).
 */

/** A record id as the URL spells it: decimal digits, no sign, no leading zero. */
const ID_PATTERN = /^[1-9][0-9]*$/;

/**
 * The record id in a path segment: a positive whole number up to Number.MAX_SAFE_INTEGER (the
 * contract's ZRecordId), written plainly ('12', not '012', '+12', '1e1' or '12.0'); else undefined.
 */
export function parseRecordId(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !ID_PATTERN.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** The route's params: the id under the param's name (`{ campaignId: 12 }`). */
export type TDetailParams<N extends string> = { [K in N]: number };

export interface TDetailRoute<N extends string, O> {
  /** The path param's name, as in the route file's name (`$campaignId`: 'campaignId'). */
  param: N;
  /** The record's tRPC query options, for the loader and the screen alike. */
  queryOptions: (trpc: TTrpc, id: number) => O;
  /** Spread into createFileRoute(...): the validated id, and the record preloaded. */
  route: {
    params: {
      /**
       * `false` for an id that is not one: the route does not match, and the path is an unknown
       * page (the root's 404, notFoundMode 'root') rather than a call with NaN or 0.
       */
      parse: (raw: { [K in N]: string }) => TDetailParams<N> | false;
      stringify: (params: TDetailParams<N>) => { [K in N]: string };
    };
    loader: (options: { context: TRouterContext; params: TDetailParams<N> }) => void;
  };
}

/**
 * A detail route: `defineDetailRoute('campaignId', (trpc, id) =>
 * trpc.owner.requests.getCampaign.queryOptions({ id }))`.
 */
export function defineDetailRoute<const N extends string, O extends { queryKey: readonly unknown[] }>(
  param: N,
  query: (trpc: TTrpc, id: number) => O,
): TDetailRoute<N, O> {
  const parse = (raw: { [K in N]: string }) => {
    const id = parseRecordId(raw[param]);
    return id === undefined ? false : ({ [param]: id } as TDetailParams<N>);
  };
  const stringify = (params: TDetailParams<N>) =>
    ({ [param]: String(params[param]) }) as { [K in N]: string };
  return {
    param,
    queryOptions: query,
    route: {
      params: { parse, stringify },
      // Starts the record's request on navigation and on hover (defaultPreload: 'intent') without
      // waiting for it: the skeleton, the error box and Retry stay the screen's job.
      loader: ({ context, params }) => {
        context.queryClient
          .ensureQueryData(query(context.trpc, params[param]) as never)
          .catch(() => undefined);
      },
    },
  };
}
