import { Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TStatCardProps {
  label: string;
  value: ReactNode;
  /** A short line under the value (e.g. a split or a delta). */
  hint?: ReactNode;
  icon?: ReactNode;
  loading?: boolean;
}

/** A number first, then what it is (ui-guide: StatCard). */
export function StatCard({ label, value, hint, icon, loading }: TStatCardProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        {icon}
      </Group>
      {loading ? (
        <Skeleton height={30} mt={8} width="60%" />
      ) : (
        <Text fz={28} fw={700} mt={4} data-testid="stat-value">
          {value}
        </Text>
      )}
      {hint && !loading ? (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

export function StatGrid({ children, cols = 4 }: { children: ReactNode; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: cols }} spacing="md">
      {children}
    </SimpleGrid>
  );
}
