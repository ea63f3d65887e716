import { createFileRoute, redirect } from '@tanstack/react-router';
import { AdminLoginPage } from '../../features/admin/login/admin-login-page.tsx';
import { hasToken } from '../../lib/auth.ts';
import { titleHead } from '../../lib/page-title.ts';

export const Route = createFileRoute('/_app/admin-login')({
  head: titleHead('Admin Login'),
  // Already signed in: straight to the dashboard (a stale token ends there with its first 401).
  beforeLoad: () => {
    if (hasToken('admin')) throw redirect({ to: '/admin-dashboard', replace: true });
  },
  component: AdminLoginPage,
});
