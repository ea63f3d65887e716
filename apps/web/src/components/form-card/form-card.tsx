import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** The bordered card of a public form (demo request, support message), a section named by its title. */
export function FormCard({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby={labelledBy}
    >
      {children}
    </Paper>
  );
}
