import { createFileRoute } from '@tanstack/react-router';
import { AccountScreen } from '../../../features/admin/account/account-screen.tsx';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-dashboard/account')({
  head: titleHead('My Account'),
  component: AccountScreen,
});
