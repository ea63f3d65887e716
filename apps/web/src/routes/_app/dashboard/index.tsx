import { createFileRoute } from '@tanstack/react-router';
import { DashboardScreen } from '../../../features/owner/dashboard/dashboard-screen.tsx';
import { titleHead } from '../../../lib/page-title.ts';

// The header title ('Hi, {name}') comes from the owner layout.
export const Route = createFileRoute('/_app/dashboard/')({
  head: titleHead('Dashboard'),
  component: DashboardScreen,
});
