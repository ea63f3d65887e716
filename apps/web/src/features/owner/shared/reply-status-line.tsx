import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format.ts';

type TReplyStatuses = Record<string, { label: string; color: string }>;

/** The badge of a QR review's reply (emailed to the customer). */
export const REPLY_STATUS: TReplyStatuses = {
  drafted: { label: 'Drafted', color: 'blue' },
  sent: { label: 'Sent', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

/** The badge of a Google review's reply (published on Google). */
export const GOOGLE_REPLY_STATUS: TReplyStatuses = {
  drafted: { label: 'Draft', color: 'blue' },
  scheduled: { label: 'Scheduled', color: 'violet' },
  publishing: { label: 'Publishing…', color: 'gray' },
  published: { label: 'On Google', color: 'green' },
  failed: { label: 'Not published', color: 'red' },
};

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
