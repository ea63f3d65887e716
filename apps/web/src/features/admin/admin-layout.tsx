import { useMutation } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { AreaShell, type TAreaLink } from '../../components/area-shell/area-shell.tsx';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { useTrpc } from '../../lib/use-trpc.ts';
import { useAdminMe } from './shared/use-admin-me.ts';

/** Sidebar of spec section 2, in its order. */
const SPEC_LINKS: readonly TAreaLink[] = [
  { to: '/admin-dashboard', label: 'Overview' },
  { to: '/admin-dashboard/users', label: 'Users' },
  { to: '/admin-dashboard/reviews', label: 'Reviews' },
  { to: '/admin-dashboard/admins', label: 'Admins' },
  { to: '/admin-dashboard/agents', label: 'Agents' },
  { to: '/admin-dashboard/leads', label: 'Leads' },
  { to: '/admin-dashboard/payments', label: 'Payments' },
  { to: '/admin-dashboard/manual-payments', label: 'Manual Payments' },
  { to: '/admin-dashboard/invoices', label: 'Invoices' },
  { to: '/admin-dashboard/renewals', label: 'Renewals' },
  { to: '/admin-dashboard/onboard-user', label: 'Onboard User' },
  { to: '/admin-dashboard/onboard-agent', label: 'Onboard Agent' },
];

/** Beyond the spec's sidebar: failed jobs and the mail outbox; the admin's own account. */
export const ADMIN_LINKS: readonly TAreaLink[] = [
  ...SPEC_LINKS,
  { to: '/admin-dashboard/system', label: 'System' },
  { to: '/admin-dashboard/account', label: 'My Account' },
];

/** Only super admins see it (the server refuses anyone else). */
export const AUDIT_LINK: TAreaLink = { to: '/admin-dashboard/audit', label: 'Audit Log' };

export function AdminLayout() {
  const trpc = useTrpc();
  const logout = useMutation(trpc.admin.auth.logout.mutationOptions());
  const { signOut, signingOut } = useSignOut('admin', () => logout.mutateAsync());
  const { isSuperAdmin } = useAdminMe();

  return (
    <AreaShell
      areaLabel="Admin"
      homePath="/admin-dashboard"
      navLabel="Admin"
      links={isSuperAdmin ? [...ADMIN_LINKS, AUDIT_LINK] : ADMIN_LINKS}
      onLogout={() => void signOut()}
      loggingOut={signingOut}
    >
      <Outlet />
    </AreaShell>
  );
}
