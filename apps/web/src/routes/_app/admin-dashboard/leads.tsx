import { createFileRoute } from '@tanstack/react-router';
import { LeadsScreen } from '../../../features/admin/leads/leads-screen.tsx';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-dashboard/leads')({
  head: titleHead('Leads Management'),
  component: LeadsScreen,
});
