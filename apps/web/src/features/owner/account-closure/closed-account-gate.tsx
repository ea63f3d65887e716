import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';

export const CLOSED_ACCOUNT_TEXT = {
  title: 'Your account is closed',
  body: (erasure: string) =>
    `Your review pages show a closed page and nothing is sent for you any more. You can sign in and export your data until ${erasure}; then it is erased. To reopen the account before then, write to us.`,
  exportOnly: 'While the account is closed, only the data export is available here.',
} as const;

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
  const trpc = useTrpc();
  const closure = useQuery(
    trpc.owner.account.closure.queryOptions(undefined, { staleTime: 60_000, retry: false }),
  );
  if (!closure.data?.closed) return <>{children}</>;
  return (
    <Stack gap="lg" maw={860}>
      <Alert color="red" variant="light" title={CLOSED_ACCOUNT_TEXT.title} role="alert">
        <Text size="sm">{CLOSED_ACCOUNT_TEXT.body(formatDate(closure.data.erasureAt))}</Text>
      </Alert>
      {closedContent ?? <Text size="sm">{CLOSED_ACCOUNT_TEXT.exportOnly}</Text>}
    </Stack>
  );
}
