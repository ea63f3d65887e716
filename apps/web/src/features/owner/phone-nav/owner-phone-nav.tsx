import { Menu, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { TAppPath } from '../../../components/area-shell/area-shell.tsx';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-i18n.tsx';
import classes from './owner-phone-nav.module.css';

export interface TPhoneNavLink {
  to: TAppPath;
  label: string;
  badge?: ReactNode;
}

export interface TOwnerPhoneNavProps {
  /** The four tabs a thumb reaches most (Dashboard, Inbox, Requests, Settings). */
  main: readonly TPhoneNavLink[];
  /** The rest, behind More (Profile, Plan), with Logout. */
  more: readonly TPhoneNavLink[];
  onLogout: () => void;
  loggingOut: boolean;
}

/** Whether `pathname` is the tab `to` (the Dashboard only itself, the others their sub-pages too). */
export function isTabActive(pathname: string, to: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return to === '/dashboard' ? path === to : path === to || path.startsWith(`${to}/`);
}

/**
 * The owner area's bottom navigation on a phone: replaces the sidebar and its burger, one tap to
 * each tab, More for the rest and Logout.
 */
export function OwnerPhoneNav({ main, more, onLogout, loggingOut }: TOwnerPhoneNavProps) {
  const t = useOwnerMessages();
  const pathname = useLocation({ select: (location) => location.pathname });
  const moreActive = more.some((link) => isTabActive(pathname, link.to));
  return (
    <nav aria-label={t.nav.dashboard} className={classes.nav}>
      {main.map((link) => {
        const active = isTabActive(pathname, link.to);
        return (
          <Link
            key={link.to}
            to={link.to}
            className={classes.item}
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
          >
            <span className={classes.label}>{link.label}</span>
            {link.badge ? <span className={classes.badge}>{link.badge}</span> : null}
          </Link>
        );
      })}
      <Menu position="top-end" withinPortal>
        <Menu.Target>
          <UnstyledButton className={classes.item} data-active={moreActive || undefined}>
            <span className={classes.label}>{t.nav.more}</span>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {more.map((link) => (
            <Menu.Item key={link.to} component={Link} to={link.to}>
              {link.label}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={onLogout} disabled={loggingOut}>
            {loggingOut ? t.nav.loggingOut : t.nav.logout}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </nav>
  );
}
