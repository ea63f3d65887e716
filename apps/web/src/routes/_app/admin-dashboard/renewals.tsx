import { createFileRoute } from '@tanstack/react-router';
import { RenewalsScreen } from '../../../features/admin/renewals/renewals-screen.tsx';
import { titleHead } from '../../../lib/page-title.ts';

/** Renewals due (issue 32 item 8): paid periods ending in the next 30 days, and reminders by hand. Any admin. */
export const Route = createFileRoute('/_app/admin-dashboard/renewals')({
  head: titleHead('Renewals'),
  component: RenewalsScreen,
});
