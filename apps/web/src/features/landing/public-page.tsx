import type { ReactNode } from 'react';
import { useState } from 'react';
import { hasToken } from '../../lib/auth.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader, type TSiteLink } from './site-header.tsx';

const LINKS: readonly TSiteLink[] = [
  { label: 'Features', to: '/', hash: 'features' },
  { label: 'Pricing', to: '/', hash: 'pricing' },
  { label: 'Contact', to: '/contact' },
];

/**
 * The frame of the public pages (contact, support, terms, privacy): the site's top bar (with
 * 'Dashboard' instead of 'Get Started' for a signed-in owner), the page, the footer.
 */
export function PublicPage({
  children,
  links = LINKS,
}: {
  children: ReactNode;
  links?: readonly TSiteLink[];
}) {
  const [signedIn] = useState(() => hasToken('owner'));
  return (
    <>
      <SiteHeader
        links={links}
        cta={signedIn ? { label: 'Dashboard', to: '/dashboard' } : { label: 'Get Started', to: '/login' }}
      />
      <main>{children}</main>
      <SiteFooter />
    </>
  );
}
