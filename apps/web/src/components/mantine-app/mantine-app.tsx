// Mantine's stylesheets in cascade layers: any CSS module (unlayered) wins over them whatever order
// the code-split chunks load in. Imported here, not in a route file, so they stay in this chunk.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { cssVariablesResolver, DEFAULT_COLOR_SCHEME, theme } from '../../theme.ts';

// The toasts' container (and its transitions) arrives after the first screen: 7.5 KB gzip of a
// phone's first view (issue 34 item 7) for something no page shows on arrival. A toast asked for
// before it is in waits in Mantine's store and shows once it is. Mounted after the first render:
// pages drawn on a server (the landing page, the owner's dashboard) have no place for it, and a
// lazy part there would be thrown away and drawn again by the browser.
const Toasts = lazy(() => import('./toasts.tsx').then((m) => ({ default: m.Toasts })));

/**
 * Mantine for every screen except the customer review page and the 404 page, which stay
 * Mantine-free (see scripts/check-review-bundle.mjs). Used by the pathless `_app` layout route.
 */
export function MantineApp({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
      cssVariablesResolver={cssVariablesResolver}
    >
      {mounted ? (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      ) : null}
      {children}
    </MantineProvider>
  );
}
