import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { en } from '../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';

type TReplyStatuses = Record<string, { label: string; color: string }>;

/** The badge of a QR review's reply (emailed to the customer); the labels are the catalog's English. */
export const REPLY_STATUS: TReplyStatuses = {
  drafted: { label: en.review.status.drafted, color: 'blue' },
  sent: { label: en.review.status.sent, color: 'green' },
  failed: { label: en.review.status.failed, color: 'red' },
};

/** The badge of a Google review's reply (published on Google). */
export const GOOGLE_REPLY_STATUS: TReplyStatuses = {
  drafted: { label: en.review.googleStatus.drafted, color: 'blue' },
  scheduled: { label: en.review.googleStatus.scheduled, color: 'violet' },
  publishing: { label: en.review.googleStatus.publishing, color: 'gray' },
  published: { label: en.review.googleStatus.published, color: 'green' },
  failed: { label: en.review.googleStatus.failed, color: 'red' },
};

/**
 * A reply's status badge, any note about it, and when it went out (QR and Google reviews).
 * `status` is the reply's status; `google` picks Google's words for it.
 */
export function ReplyStatusLine({
  status,
  google = false,
  at,
  children,
}: {
  status: string;
  google?: boolean;
  at: string | null | undefined;
  children?: ReactNode;
}) {
  const t = useOwnerMessages().review;
  const badge = (google ? GOOGLE_REPLY_STATUS : REPLY_STATUS)[status];
  const label = (google ? t.googleStatus : t.status) as Record<string, string | undefined>;
  return (
    <Group gap="xs">
      {badge ? (
        <Badge color={badge.color} variant="light">
          {label[status] ?? badge.label}
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
