import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface TAdminPageProps {
  /** The header title of spec section 2 (the page's h1). */
  title: string;
  description?: string;
  /** Buttons on the right of the title (e.g. Export Reports). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One admin screen: the title row, then its content. */
export function AdminPage({ title, description, actions, children }: TAdminPageProps) {
  return (
    <Stack gap="lg" maw={1400} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" size="sm" mt={4}>
              {description}
            </Text>
          ) : null}
        </div>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      {children}
    </Stack>
  );
}
