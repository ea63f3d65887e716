import { createFileRoute } from '@tanstack/react-router';
import { PlanScreen } from '../../../features/owner/plan/plan-screen.tsx';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/dashboard/plan')({
  head: titleHead('Subscription Plan'),
  component: PlanScreen,
});
