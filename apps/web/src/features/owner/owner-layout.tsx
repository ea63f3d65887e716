import { Badge, Box, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from '@tanstack/react-router';
import { AreaShell, type TAreaLink } from '../../components/area-shell/area-shell.tsx';
import { getUserData } from '../../lib/auth.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { useTrpc } from '../../lib/use-trpc.ts';
import { BranchSwitcher } from './branch-switcher/branch-switcher.tsx';
import { OwnerPhoneNav } from './phone-nav/owner-phone-nav.tsx';
import { useOwner } from './shared/use-owner.ts';

/** Sidebar of spec section 2 (Dashboard, Profile) plus the Inbox, Requests, Plan and Settings tabs. */
export const OWNER_LINKS: readonly TAreaLink[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/dashboard/inbox', label: 'Inbox' },
  { to: '/dashboard/profile', label: 'Profile' },
  { to: '/dashboard/requests', label: 'Requests' },
  { to: '/dashboard/plan', label: 'Plan' },
  { to: '/dashboard/settings', label: 'Settings' },
];

/** The bottom navigation's own tabs on a phone; the others sit behind More. */
const PHONE_MAIN_TABS = new Set<string>([
  '/dashboard',
  '/dashboard/inbox',
  '/dashboard/requests',
  '/dashboard/settings',
]);

const TAB_TITLES: Record<string, string> = {
  '/dashboard/profile': 'Business Profile',
  '/dashboard/plan': 'Subscription Plan',
  '/dashboard/settings': 'Settings',
  '/dashboard/branches': 'All branches',
  '/dashboard/inbox': 'Feedback inbox',
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
  if (path.startsWith('/dashboard/settings/')) return 'Settings';
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
  const openCases = useOpenCaseCount();
  const onInbox = pathname.startsWith('/dashboard/inbox');
  const links = OWNER_LINKS.map((link) =>
    link.to === '/dashboard/inbox' && openCases
      ? {
          ...link,
          badge: (
            <Badge size="sm" variant="filled" color="red" aria-label={`${openCases} open`}>
              {openCases > 99 ? '99+' : openCases}
            </Badge>
          ),
        }
      : link,
  );

  return (
    <AreaShell
      areaLabel="Business dashboard"
      homePath="/dashboard"
      navLabel="Dashboard"
      links={links}
      onLogout={() => void signOut()}
      loggingOut={signingOut}
      phoneNav={
        <OwnerPhoneNav
          main={links.filter((link) => PHONE_MAIN_TABS.has(link.to))}
          more={links.filter((link) => !PHONE_MAIN_TABS.has(link.to))}
          onLogout={() => void signOut()}
          loggingOut={signingOut}
        />
      }
    >
      <Box maw={1200} mx="auto">
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }} mb="lg">
          {ownerTabTitle(pathname, name)}
        </Title>
        {/* The inbox covers every branch the person works on; its own filter picks one. */}
        {onInbox ? null : <BranchSwitcher />}
        <Outlet />
      </Box>
    </AreaShell>
  );
}

/** How often the sidebar's count of open cases is asked again. */
export const OPEN_CASES_REFRESH_MS = 60_000;

/**
 * Open cases (new, in progress, reopened) of every branch the person works on: one counted page of
 * one row, asked again each minute; nothing while it loads or fails.
 */
function useOpenCaseCount(): number | undefined {
  const trpc = useTrpc();
  const count = useQuery(
    trpc.owner.cases.list.queryOptions(
      { status: 'open', limit: 1 },
      { staleTime: OPEN_CASES_REFRESH_MS, refetchInterval: OPEN_CASES_REFRESH_MS, retry: false },
    ),
  );
  return count.data?.meta.total;
}
