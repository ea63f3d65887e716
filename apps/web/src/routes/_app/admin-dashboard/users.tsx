import { createFileRoute } from '@tanstack/react-router';
import { usersList } from '../../../features/admin/shared/admin-lists.ts';
import { UsersScreen } from '../../../features/admin/users/users-screen.tsx';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-dashboard/users')({
  head: titleHead('Users Management'),
  ...usersList.route,
  component: UsersScreen,
});
