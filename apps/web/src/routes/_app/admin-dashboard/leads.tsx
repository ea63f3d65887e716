import { createFileRoute } from '@tanstack/react-router';
import { LeadsScreen } from '../../../features/admin/leads/leads-screen.tsx';
import { leadsList } from '../../../features/admin/shared/admin-lists.ts';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-dashboard/leads')({
  head: titleHead('Leads Management'),
  ...leadsList.route,
  component: LeadsScreen,
});
