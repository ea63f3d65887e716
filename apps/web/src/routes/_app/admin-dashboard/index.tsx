import { createFileRoute } from '@tanstack/react-router';
import { OverviewScreen } from '../../../features/admin/overview/overview-screen.tsx';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-dashboard/')({
  head: titleHead('Dashboard Overview'),
  component: OverviewScreen,
});
