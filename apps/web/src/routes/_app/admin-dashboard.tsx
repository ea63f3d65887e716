import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '../../features/admin/admin-layout.tsx';
import { requireSession } from '../../lib/guards.ts';

/** Admin area: needs a stored admin token (adminToken), else /admin-login. */
export const Route = createFileRoute('/_app/admin-dashboard')({
  beforeLoad: requireSession('admin'),
  component: AdminLayout,
});
