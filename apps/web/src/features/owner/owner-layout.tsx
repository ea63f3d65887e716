import { Badge, Box, Group, Title } from '@mantine/core';
import { fill } from '@starloop/review-page';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { AreaShell, type TAreaLink } from '../../components/area-shell/area-shell.tsx';
import { OfflineBanner } from '../../components/offline-banner/offline-banner.tsx';
import { getToken, getUserData } from '../../lib/auth.ts';
import { enFirst, type TOwnerFirstMessages } from '../../lib/owner-i18n/en-first.ts';
import { LanguageSwitch } from '../../lib/owner-i18n/language-switch.tsx';
import { OwnerI18nProvider, useFirstViewMessages } from '../../lib/owner-i18n/owner-i18n.tsx';
import { askForOwnerPageCookie, rememberOwnerView } from '../../lib/owner-page-session.ts';
import { PHONE_QUERY } from '../../lib/phone-layout.ts';
import { registerServiceWorker } from '../../lib/pwa.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { useTrpc } from '../../lib/use-trpc.ts';
import { ClosedAccountGate } from './account-closure/closed-account-gate.tsx';
import { OwnerPhoneNav } from './phone-nav/owner-phone-nav.tsx';
import { useOwner } from './shared/use-owner.ts';

// Only a chain's people see it (its list of branches is a Select, with its positioning library).
const BranchSwitcher = lazy(() =>
  import('./branch-switcher/branch-switcher.tsx').then((m) => ({ default: m.BranchSwitcher })),
);
// Only a closed account shows it: no one else downloads its code.
const ExportSection = lazy(() =>
  import('./settings/export/export-section.tsx').then((m) => ({ default: m.ExportSection })),
);

/** Sidebar of spec section 2 (Dashboard, Profile) plus the Inbox, Requests, Plan and Settings tabs. */
export function ownerLinks(t: TOwnerFirstMessages = enFirst): TAreaLink[] {
  return [
    { to: '/dashboard', label: t.nav.dashboard },
    { to: '/dashboard/inbox', label: t.nav.inbox },
    { to: '/dashboard/profile', label: t.nav.profile },
    { to: '/dashboard/requests', label: t.nav.requests },
    { to: '/dashboard/plan', label: t.nav.plan },
    { to: '/dashboard/settings', label: t.nav.settings },
  ];
}

/** The bottom navigation's own tabs on a phone; the others sit behind More. */
const PHONE_MAIN_TABS = new Set<string>([
  '/dashboard',
  '/dashboard/inbox',
  '/dashboard/requests',
  '/dashboard/settings',
]);

const TAB_TITLES: Record<string, keyof TOwnerFirstMessages['titles']> = {
  '/dashboard/profile': 'profile',
  '/dashboard/plan': 'plan',
  '/dashboard/settings': 'settings',
  '/dashboard/branches': 'branches',
  '/dashboard/inbox': 'inbox',
};

/**
 * The header title of spec section 2: 'Hi, {name}' on the stats tab (plain 'Dashboard' until the
 * name is known), 'Business Profile', 'Subscription Plan', 'Settings' on the others; in the
 * person's language.
 */
export function ownerTabTitle(
  pathname: string,
  name: string | undefined,
  t: TOwnerFirstMessages = enFirst,
): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  const title = TAB_TITLES[path];
  if (title) return t.titles[title];
  if (path.startsWith('/dashboard/requests')) return t.titles.requests;
  if (path.startsWith('/dashboard/settings/')) return t.titles.settings;
  return name ? fill(t.titles.hi, { name }) : t.titles.dashboard;
}

/** The name cached at sign-in (userData), shown until owner.me answers. */
function cachedName(): string | undefined {
  const data = getUserData<{ name?: unknown }>();
  return typeof data?.name === 'string' && data.name ? data.name : undefined;
}

export function OwnerLayout() {
  return (
    <OwnerI18nProvider>
      <OwnerArea />
    </OwnerI18nProvider>
  );
}

function OwnerArea() {
  const t = useFirstViewMessages();
  const trpc = useTrpc();
  const logout = useMutation(trpc.owner.logout.mutationOptions());
  const { signOut, signingOut } = useSignOut('owner', () => logout.mutateAsync());
  const pathname = useLocation({ select: (location) => location.pathname });
  const owner = useOwner();
  const name = owner.data?.name ?? (owner.isError ? undefined : cachedName());
  const openCases = useOpenCaseCount();
  const account = useQuery(trpc.owner.account.get.queryOptions(undefined, { staleTime: 60_000 }));
  const chain = (account.data?.branches?.length ?? 0) > 1;
  const onInbox = pathname.startsWith('/dashboard/inbox');
  // The owner app's service worker (offline shell, push): registered here only, never on other areas.
  useEffect(() => {
    void registerServiceWorker();
    // Sessions begun before the page cookie existed get one too (sign-in asks for it: session.ts).
    const token = getToken('owner');
    if (token) askForOwnerPageCookie(token);
    return rememberOwnerView(window.matchMedia(PHONE_QUERY).matches);
  }, []);
  const links = ownerLinks(t).map((link) =>
    link.to === '/dashboard/inbox' && openCases
      ? {
          ...link,
          badge: (
            <Badge
              size="sm"
              variant="filled"
              color="red"
              aria-label={fill(t.nav.openCases, { n: openCases })}
            >
              {openCases > 99 ? '99+' : openCases}
            </Badge>
          ),
        }
      : link,
  );

  return (
    <AreaShell
      areaLabel={t.nav.area}
      homePath="/dashboard"
      navLabel={t.nav.dashboard}
      links={links}
      onLogout={() => void signOut()}
      loggingOut={signingOut}
      logoutLabels={{ logout: t.nav.logout, loggingOut: t.nav.loggingOut }}
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
        <Group justify="space-between" align="center" mb="lg" gap="xs">
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            {ownerTabTitle(pathname, name, t)}
          </Title>
          <LanguageSwitch />
        </Group>
        <OfflineBanner />
        {/* The inbox covers every branch the person works on; its own filter picks one. */}
        {onInbox || !chain ? null : (
          <Suspense fallback={null}>
            <BranchSwitcher />
          </Suspense>
        )}
        <ClosedAccountGate
          closedContent={
            <Suspense fallback={null}>
              <ExportSection />
            </Suspense>
          }
        >
          <Outlet />
        </ClosedAccountGate>
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
