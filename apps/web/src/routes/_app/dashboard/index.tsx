import { createFileRoute } from '@tanstack/react-router';
import { DashboardScreen } from '../../../features/owner/dashboard/dashboard-screen.tsx';
import { dashboardRoute } from '../../../features/owner/dashboard/dashboard-search.ts';
import { titleHead } from '../../../lib/page-title.ts';

// The header title ('Hi, {name}') comes from the owner layout.
export const Route = createFileRoute('/_app/dashboard/')({
  head: titleHead('Dashboard'),
  ...dashboardRoute.route,
  component: DashboardScreen,
});
