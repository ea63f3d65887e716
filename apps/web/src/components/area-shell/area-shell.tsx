import { AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
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
  children: ReactNode;
}

const MAIN_ID = 'main-content';

/** The signed-in layout of the owner and admin areas: header, sidebar with Logout, main content. */
export function AreaShell({
  areaLabel,
  homePath,
  navLabel,
  links,
  onLogout,
  loggingOut,
  children,
}: TAreaShellProps) {
  const [opened, { toggle, close }] = useDisclosure(false);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <a className={classes.skipLink} href={`#${MAIN_ID}`}>
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={opened ? 'Close navigation' : 'Open navigation'}
            aria-expanded={opened}
          />
          <Link to={homePath} className={classes.brand} onClick={close}>
            <StarMark className={classes.brandMark} />
            StarLoop
          </Link>
          <Text c="dimmed" size="sm" visibleFrom="xs">
            {areaLabel}
          </Text>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={navLabel}>
        <AppShell.Section grow component={ScrollArea}>
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
            label={loggingOut ? 'Logging out...' : 'Logout'}
            onClick={onLogout}
            disabled={loggingOut}
          />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_ID} className={classes.main} tabIndex={-1}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
