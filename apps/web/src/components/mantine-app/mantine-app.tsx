// Mantine's stylesheets in cascade layers: any CSS module (unlayered) wins over them whatever order
// the code-split chunks load in. Imported here, not in a route file, so they stay in this chunk.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { onFirstInput } from '../../lib/first-input.ts';
import { cssVariablesResolver, DEFAULT_COLOR_SCHEME, theme } from '../../theme.ts';

// The toasts' container (and its transitions) is not part of any page's first view: 8 KB gzip a
// phone would load for nothing on arrival (issue 34 item 7). It is loaded on the person's first tap
// or key press, so it is in by the time what they did answers with a toast (a toast shown and
// replaced before it was in went unseen: e2e 05's "Payment processing..."), or as soon as a toast is
// asked for without one (it waits in Mantine's store meanwhile). Never in the first render: pages
// drawn on a server (the landing page, the owner's dashboard) have no place for it.
const Toasts = lazy(() => import('./toasts.tsx').then((m) => ({ default: m.Toasts })));

/** True from the first tap, key press or toast on: the toasts' container is wanted. */
export function useToastsWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const { notifications, queue } = notificationsStore.getState();
    if (notifications.length + queue.length > 0) return want();
    const stopWatching = notificationsStore.subscribe(want);
    const stopWaiting = onFirstInput(want);
    return () => {
      stopWatching();
      stopWaiting();
    };
  }, [wanted]);
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
