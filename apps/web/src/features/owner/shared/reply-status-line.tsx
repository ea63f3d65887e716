import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format.ts';

/** A reply's status badge, any note about it, and when it went out (QR and Google reviews). */
export function ReplyStatusLine({
  status,
  at,
  children,
}: {
  status: { label: string; color: string } | undefined;
  at: string | null | undefined;
  children?: ReactNode;
}) {
  return (
    <Group gap="xs">
      {status ? (
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      ) : null}
      {children}
      {at ? (
        <Text size="xs" c="dimmed">
          {formatDateTime(at)}
        </Text>
      ) : null}
    </Group>
  );
}
