import { createFileRoute } from '@tanstack/react-router';
import { AdminsScreen } from '../../../features/admin/admins/admins-screen.tsx';
import { adminsList } from '../../../features/admin/shared/admin-lists.ts';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-dashboard/admins')({
  head: titleHead('Admins Management'),
  ...adminsList.route,
  component: AdminsScreen,
});
