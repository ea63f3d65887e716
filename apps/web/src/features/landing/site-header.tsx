import { Box, Burger, Container, Group, Stack } from '@mantine/core';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { ButtonLink } from '../../components/router-links.tsx';
import { BrandMark } from './brand-mark.tsx';
import classes from './site-header.module.css';

/** A nav entry: a route (optionally with a #hash), or with no route an anchor on this page. */
export interface TSiteLink {
  label: string;
  to?: LinkProps['to'];
  hash?: string;
}

export interface TSiteHeaderProps {
  /** Desktop navigation. */
  links: readonly TSiteLink[];
  /** The mobile menu (may point at in-page anchors where the desktop bar goes to a route). */
  mobileLinks?: readonly TSiteLink[];
  /** The call to action at the end: 'Get Started' (/login) or 'Dashboard' (/dashboard). */
  cta: { label: string; to: '/login' | '/dashboard' };
}

function SiteLink({
  link,
  className,
  onClick,
}: {
  link: TSiteLink;
  className?: string | undefined;
  onClick?: () => void;
}) {
  if (!link.to) {
    return (
      <a href={`#${link.hash ?? ''}`} className={className} onClick={onClick}>
        {link.label}
      </a>
    );
  }
  return (
    <Link to={link.to} hash={link.hash} className={className} onClick={onClick}>
      {link.label}
    </Link>
  );
}

/** The public pages' sticky top bar: logo, links, call to action; a burger menu on phones. */
export function SiteHeader({ links, mobileLinks = links, cta }: TSiteHeaderProps) {
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  const close = () => setOpened(false);
  /*
   * The landing page is rendered at build time and painted before its script runs: until the app
   * has taken over, the menu button cannot open anything, and says so (aria-disabled; no change
   * to its look). A tap on it then waits for a button that works.
   */
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg">
        <div className={classes.inner}>
          <Link to="/" className={classes.brand} aria-label="StarLoop home" onClick={close}>
            <BrandMark />
          </Link>
          <Group gap={4} visibleFrom="sm" component="nav" aria-label="Main">
            {links.map((link) => (
              <SiteLink key={link.label} link={link} className={classes.link} />
            ))}
            <ButtonLink to={cta.to} ml="sm">
              {cta.label}
            </ButtonLink>
          </Group>
          <Burger
            hiddenFrom="sm"
            opened={opened}
            onClick={() => setOpened((o) => !o)}
            aria-label={opened ? 'Close menu' : 'Open menu'}
            aria-expanded={opened}
            aria-controls={menuId}
            aria-disabled={interactive ? undefined : true}
          />
        </div>
        <Box
          id={menuId}
          component="nav"
          aria-label="Menu"
          className={classes.mobileMenu}
          hidden={!opened}
          hiddenFrom="sm"
        >
          <Stack gap={4}>
            {mobileLinks.map((link) => (
              <SiteLink key={link.label} link={link} className={classes.mobileLink} onClick={close} />
            ))}
            <ButtonLink to={cta.to} size="md" mt="xs" fullWidth onClick={close}>
              {cta.label}
            </ButtonLink>
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
