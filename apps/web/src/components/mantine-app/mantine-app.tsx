// Mantine's stylesheets in cascade layers: any CSS module (unlayered) wins over them whatever order
// the code-split chunks load in. Imported here, not in a route file, so they stay in this chunk.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { cssVariablesResolver, DEFAULT_COLOR_SCHEME, theme } from '../../theme.ts';

// The toasts' container (and its transitions) arrives with the first toast: 7.5 KB gzip of a
// phone's first view (issue 34 item 7) for something most visits never show. A toast asked for
// before it is in waits in Mantine's store and shows once it is (a moment later).
const Toasts = lazy(() => import('./toasts.tsx').then((m) => ({ default: m.Toasts })));

/** True from the first toast on (the container then stays, for the toasts that follow). */
function useToastsWanted(): boolean {
  const { notifications, queue } = useNotifications();
  const asked = notifications.length + queue.length > 0;
  const [wanted, setWanted] = useState(asked);
  // Set after the render that saw the first toast: pages drawn on a server (the landing page, the
  // owner's dashboard) have no place for it, and hydration must find what the server drew.
  useEffect(() => {
    if (asked) setWanted(true);
  }, [asked]);
  return wanted;
}

/**
 * Mantine for every screen except the customer review page and the 404 page, which stay
 * Mantine-free (see scripts/check-review-bundle.mjs). Used by the pathless `_app` layout route.
 */
export function MantineApp({ children }: { children: ReactNode }) {
  const toastsWanted = useToastsWanted();
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
      cssVariablesResolver={cssVariablesResolver}
    >
      {toastsWanted ? (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      ) : null}
      {children}
    </MantineProvider>
  );
}
