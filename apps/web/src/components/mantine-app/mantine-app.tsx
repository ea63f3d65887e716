// Mantine's stylesheets in cascade layers: any CSS module (unlayered) wins over them whatever order
// the code-split chunks load in. Imported here, not in a route file, so they stay in this chunk.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { cssVariablesResolver, DEFAULT_COLOR_SCHEME, theme } from '../../theme.ts';
import { DEFAULT_TOAST_MS } from '../notify.ts';

/**
 * Mantine for every screen except the customer review page and the 404 page, which stay
 * Mantine-free (see scripts/check-review-bundle.mjs). Used by the pathless `_app` layout route.
 */
export function MantineApp({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
      cssVariablesResolver={cssVariablesResolver}
    >
      <Notifications position="top-right" autoClose={DEFAULT_TOAST_MS} />
      {children}
    </MantineProvider>
  );
}
