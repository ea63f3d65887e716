import { Box, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Outlet, useLocation } from '@tanstack/react-router';
import { AreaShell, type TAreaLink } from '../../components/area-shell/area-shell.tsx';
import { getUserData } from '../../lib/auth.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { useTrpc } from '../../lib/use-trpc.ts';
import { BranchSwitcher } from './branch-switcher/branch-switcher.tsx';
import { useOwner } from './shared/use-owner.ts';

/** Sidebar of spec section 2 (Dashboard, Profile) plus the Plan and Settings tabs. */
export const OWNER_LINKS: readonly TAreaLink[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/dashboard/profile', label: 'Profile' },
  { to: '/dashboard/requests', label: 'Requests' },
  { to: '/dashboard/plan', label: 'Plan' },
  { to: '/dashboard/settings', label: 'Settings' },
];

const TAB_TITLES: Record<string, string> = {
  '/dashboard/profile': 'Business Profile',
  '/dashboard/plan': 'Subscription Plan',
  '/dashboard/settings': 'Settings',
  '/dashboard/branches': 'All branches',
};

/**
 * The header title of spec section 2: 'Hi, {name}' on the stats tab (plain 'Dashboard' until the
 * name is known), 'Business Profile', 'Subscription Plan', 'Settings' on the others.
 */
export function ownerTabTitle(pathname: string, name: string | undefined): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  const title = TAB_TITLES[path];
  if (title) return title;
  if (path.startsWith('/dashboard/requests')) return 'Review Requests';
  return name ? `Hi, ${name}` : 'Dashboard';
}

/** The name cached at sign-in (userData), shown until owner.me answers. */
function cachedName(): string | undefined {
  const data = getUserData<{ name?: unknown }>();
  return typeof data?.name === 'string' && data.name ? data.name : undefined;
}

export function OwnerLayout() {
  const trpc = useTrpc();
  const logout = useMutation(trpc.owner.logout.mutationOptions());
  const { signOut, signingOut } = useSignOut('owner', () => logout.mutateAsync());
  const pathname = useLocation({ select: (location) => location.pathname });
  const owner = useOwner();
  const name = owner.data?.name ?? (owner.isError ? undefined : cachedName());

  return (
    <AreaShell
      areaLabel="Business dashboard"
      homePath="/dashboard"
      navLabel="Dashboard"
      links={OWNER_LINKS}
      onLogout={() => void signOut()}
      loggingOut={signingOut}
    >
      <Box maw={1200} mx="auto">
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }} mb="lg">
          {ownerTabTitle(pathname, name)}
        </Title>
        <BranchSwitcher />
        <Outlet />
      </Box>
    </AreaShell>
  );
}
