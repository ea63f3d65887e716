import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small upper-case label over its value (the owner's review drawer and plan facts). */
export function LabelledValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}
