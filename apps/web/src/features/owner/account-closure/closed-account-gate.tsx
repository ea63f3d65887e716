import { Alert, Stack, Text } from '@mantine/core';
import { fill } from '@starloop/review-page';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { enFirst } from '../../../lib/owner-i18n/en-first.ts';
import { useFirstViewMessages } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { useTrpc } from '../../../lib/use-trpc.ts';

/** The English texts (the catalog's; tests read them). */
export const CLOSED_ACCOUNT_TEXT = enFirst.banners.closed;

/**
 * The owner area of a closed account (issue 35; docs/decisions.md): a banner with the erasure date
 * in place of the tabs (the server refuses them anyway), and `closedContent` (the data export).
 * While the answer is unknown, or the account is open, the area shows as usual.
 */
export function ClosedAccountGate({
  children,
  closedContent,
}: {
  children: ReactNode;
  closedContent?: ReactNode;
}) {
  const t = useFirstViewMessages().banners.closed;
  const trpc = useTrpc();
  const closure = useQuery(
    trpc.owner.account.closure.queryOptions(undefined, { staleTime: 60_000, retry: false }),
  );
  if (!closure.data?.closed) return <>{children}</>;
  return (
    <Stack gap="lg" maw={860}>
      <Alert color="red" variant="light" title={t.title} role="alert">
        <Text size="sm">{fill(t.body, { erasure: formatDate(closure.data.erasureAt) })}</Text>
      </Alert>
      {closedContent ?? <Text size="sm">{t.exportOnly}</Text>}
    </Stack>
  );
}
