import { createFileRoute } from '@tanstack/react-router';
import { UsersScreen } from '../../../features/admin/users/users-screen.tsx';
import { titleHead } from '../../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-dashboard/users')({
  head: titleHead('Users Management'),
  component: UsersScreen,
});
