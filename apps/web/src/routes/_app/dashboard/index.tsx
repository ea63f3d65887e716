import { createFileRoute } from '@tanstack/react-router';
import { DashboardScreen } from '../../../features/owner/dashboard/dashboard-screen.tsx';
import { dashboardRoute } from '../../../features/owner/dashboard/dashboard-search.ts';
import {
  dashboardQueries,
  ensureFirstScreen,
  ownerAreaQueries,
} from '../../../features/owner/first-screen-queries.ts';
import { titleHead } from '../../../lib/page-title.ts';

// The header title ('Hi, {name}') comes from the owner layout.
export const Route = createFileRoute('/_app/dashboard/')({
  head: titleHead('Dashboard'),
  ...dashboardRoute.route,
  loader: (options) => {
    dashboardRoute.route.loader(options);
    ensureFirstScreen(options.context, [
      ...ownerAreaQueries(options.context),
      ...dashboardQueries(options.context),
    ]);
  },
  component: DashboardScreen,
});
