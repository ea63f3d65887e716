import { AppShell, Burger, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { usePhoneLayout } from '../../lib/phone-layout.ts';
import type { FileRouteTypes } from '../../routeTree.gen.ts';
import { NavLinkLink } from '../router-links.tsx';
import { StarMark } from '../star-mark/star-mark.tsx';
import classes from './area-shell.module.css';

export type TAppPath = FileRouteTypes['to'];

export interface TAreaLink {
  to: TAppPath;
  label: string;
  /** Beside the label, e.g. a count of open items (part of the link's accessible name). */
  badge?: ReactNode;
}

export interface TAreaShellProps {
  /** Shown beside the brand, e.g. "Admin". */
  areaLabel: string;
  /** Where the brand links to (the area's home). */
  homePath: TAppPath;
  /** Accessible name of the sidebar navigation. */
  navLabel: string;
  links: readonly TAreaLink[];
  onLogout: () => void;
  loggingOut: boolean;
  /** The Logout button's words (English by default; the owner area passes the person's language). */
  logoutLabels?: { logout: string; loggingOut: string };
  /**
   * On a phone (below `sm`), a bottom navigation that replaces the sidebar and its burger (the
   * owner area); without it the sidebar opens from the burger as on every area.
   */
  phoneNav?: ReactNode;
  children: ReactNode;
}

/** The bottom navigation's height (the inbox's own bottom bar sits above it). */
export const PHONE_NAV_HEIGHT = 60;

const MAIN_ID = 'main-content';

/** The signed-in layout of the owner and admin areas: header, sidebar with Logout, main content. */
export function AreaShell({
  areaLabel,
  homePath,
  navLabel,
  links,
  onLogout,
  logoutLabels = { logout: 'Logout', loggingOut: 'Logging out...' },
  loggingOut,
  phoneNav,
  children,
}: TAreaShellProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const phone = usePhoneLayout();
  const bottomNav = phone && phoneNav !== undefined;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: bottomNav || !opened } }}
      footer={bottomNav ? { height: PHONE_NAV_HEIGHT } : undefined}
      padding="md"
      data-phone-nav={bottomNav || undefined}
    >
      <a className={classes.skipLink} href={`#${MAIN_ID}`}>
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          {bottomNav ? null : (
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={opened}
            />
          )}
          <Link to={homePath} className={classes.brand} onClick={close}>
            <StarMark className={classes.brandMark} />
            StarLoop
          </Link>
          <Text c="dimmed" size="sm" visibleFrom="xs">
            {areaLabel}
          </Text>
        </Group>
      </AppShell.Header>

      {bottomNav ? (
        <AppShell.Footer className={classes.phoneNav}>{phoneNav}</AppShell.Footer>
      ) : (
        <AppShell.Navbar p="sm" aria-label={navLabel}>
          <AppShell.Section grow className={classes.navLinks}>
            {links.map((link) => (
              <NavLinkLink
                key={link.to}
                to={link.to}
                label={link.label}
                rightSection={link.badge}
                activeOptions={{ exact: true, includeSearch: false }}
                activeProps={{ active: true }}
                onClick={close}
              />
            ))}
          </AppShell.Section>
          <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <NavLink
              component="button"
              type="button"
              label={loggingOut ? logoutLabels.loggingOut : logoutLabels.logout}
              onClick={onLogout}
              disabled={loggingOut}
            />
          </AppShell.Section>
        </AppShell.Navbar>
      )}

      <AppShell.Main id={MAIN_ID} className={classes.main} tabIndex={-1}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
