import { useMutation } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { AreaShell, type TAreaLink } from '../../components/area-shell/area-shell.tsx';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { useTrpc } from '../../lib/use-trpc.ts';

/** Sidebar of spec section 2 (Dashboard, Profile) plus the Plan and Settings tabs. */
export const OWNER_LINKS: readonly TAreaLink[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/dashboard/profile', label: 'Profile' },
  { to: '/dashboard/plan', label: 'Plan' },
  { to: '/dashboard/settings', label: 'Settings' },
];

export function OwnerLayout() {
  const trpc = useTrpc();
  const logout = useMutation(trpc.owner.logout.mutationOptions());
  const { signOut, signingOut } = useSignOut('owner', () => logout.mutateAsync());

  return (
    <AreaShell
      areaLabel="Business dashboard"
      homePath="/dashboard"
      navLabel="Dashboard"
      links={OWNER_LINKS}
      onLogout={() => void signOut()}
      loggingOut={signingOut}
    >
      <Outlet />
    </AreaShell>
  );
}
