import { UnstyledButton } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { Link, useLocation } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useState } from 'react';
import type { TAppPath } from '../../../components/area-shell/area-shell.tsx';
import { useFirstViewMessages } from '../../../lib/owner-i18n/owner-i18n.tsx';
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
  const t = useFirstViewMessages();
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
      <MoreTab more={more} active={moreActive} onLogout={onLogout} loggingOut={loggingOut} />
    </nav>
  );
}

/**
 * More: a button that shows the other tabs and Logout above the bar (a disclosure, closed by a tap
 * elsewhere, Escape or a chosen link). Not a Mantine Menu: its positioning library was 20 KB of the
 * phone's first download for three links (issue 34 item 7).
 */
function MoreTab({
  more,
  active,
  onLogout,
  loggingOut,
}: Omit<TOwnerPhoneNavProps, 'main'> & { active: boolean }) {
  const t = useFirstViewMessages();
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const pathname = useLocation({ select: (location) => location.pathname });
  const ref = useClickOutside<HTMLDivElement>(() => setOpened(false));
  // A chosen page closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new page.
  useEffect(() => setOpened(false), [pathname]);
  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpened(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened]);
  return (
    <div ref={ref} className={classes.moreWrap}>
      <UnstyledButton
        className={classes.item}
        data-active={active || undefined}
        aria-expanded={opened}
        aria-controls={panelId}
        onClick={() => setOpened((was) => !was)}
      >
        <span className={classes.label}>{t.nav.more}</span>
      </UnstyledButton>
      <div id={panelId} className={classes.morePanel} hidden={!opened}>
        {more.map((link) => (
          <Link key={link.to} to={link.to} className={classes.moreLink}>
            {link.label}
          </Link>
        ))}
        <button type="button" className={classes.moreLink} onClick={onLogout} disabled={loggingOut}>
          {loggingOut ? t.nav.loggingOut : t.nav.logout}
        </button>
      </div>
    </div>
  );
}
