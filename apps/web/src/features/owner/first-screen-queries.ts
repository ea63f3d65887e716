import type { TRouterContext } from '../../lib/router-context.ts';

/*
 * What an owner page draws first, asked for by the routes' loaders (issue 34 item 7): the requests
 * start as the route's code is matched, in one batch, instead of one by one as each component first
 * renders; main.tsx draws the first screen once they are in. Keys are tRPC's (path and input), so the
 * components' own useQuery calls, whatever their options, find the answers here. Imported by route
 * files: no Mantine, no zod.
 */

/** Open low ratings on the dashboard's "Needs you now". */
export const NEEDS_YOU_LIMIT = 3;

type TQuery = ReturnType<TRouterContext['trpc']['owner']['me']['queryOptions']>;

/**
 * What the owner area's frame shows on every page (who is signed in, the account, a closure, the
 * language, the open-case badge), asked for by the dashboard's loader only: the server draws that
 * page, and the other pages ask as their components render, as before.
 */
export const ownerAreaQueries = ({ trpc }: TRouterContext) => [
  trpc.owner.me.queryOptions(),
  trpc.owner.account.get.queryOptions(),
  trpc.owner.account.closure.queryOptions(),
  trpc.owner.language.get.queryOptions(),
  trpc.owner.cases.list.queryOptions({ status: 'open', limit: 1 }),
];

/** The dashboard's first screen: the checklist, what needs the owner now, the figures, Google. */
export const dashboardQueries = ({ trpc }: TRouterContext) => [
  trpc.owner.onboarding.checklist.queryOptions(),
  trpc.owner.cases.list.queryOptions({ status: 'open', limit: NEEDS_YOU_LIMIT }),
  trpc.owner.dashboard.stats.queryOptions(),
  trpc.owner.google.status.queryOptions(),
];

/** Starts what is not cached yet; failures stay the screens' to show (skeletons, errors, Retry). */
export function ensureFirstScreen(
  context: TRouterContext,
  queries: readonly { queryKey: readonly unknown[] }[],
) {
  for (const query of queries) {
    context.queryClient.ensureQueryData(query as TQuery).catch(() => undefined);
  }
}
