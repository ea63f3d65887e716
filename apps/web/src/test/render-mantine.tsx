import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { theme } from '../theme.ts';

function MantineWrapper({ children }: { children: ReactNode }) {
  return <MantineProvider theme={theme}>{children}</MantineProvider>;
}

/** Renders a component with the app's theme (a rerender keeps it); for component tests without the router. */
export const renderWithMantine = (ui: ReactElement) => render(ui, { wrapper: MantineWrapper });
