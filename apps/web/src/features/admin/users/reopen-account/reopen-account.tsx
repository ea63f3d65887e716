import { Alert, Button, Group, Text } from '@mantine/core';
import type { TAdminUserAccount } from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { ErrorBanner } from '../../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../../components/notify.ts';
import { anyMessage } from '../../../../lib/api-errors.ts';
import { formatDate } from '../../../../lib/format.ts';
import { useTrpc } from '../../../../lib/use-trpc.ts';
import { useAdminRefresh } from '../../shared/use-admin-refresh.ts';

export const REOPEN_TEXT = {
  title: 'Closed by its owner',
  closed: (closedAt: string, erasureAt: string) =>
    `Closed on ${formatDate(closedAt)}. Its data is erased on ${formatDate(erasureAt)} unless it is reopened before then.`,
  reopen: 'Reopen account',
  reopening: 'Reopening...',
  failed: 'The account could not be reopened.',
} as const;

/**
 * The user details' closure (issue 35): when the account is closed, when its data is erased, and
 * Reopen (POST /api/admin/users/{id}/reopen; the server answers 409 once the 30 days are over).
 */
export function ReopenAccount({ answer }: { answer: TAdminUserAccount }) {
  const trpc = useTrpc();
  const refresh = useAdminRefresh();
  const reopen = useMutation(
    trpc.admin.users.reopen.mutationOptions({
      onSuccess: (result) => {
        notify.success(result.message);
        void refresh();
      },
    }),
  );
  const { closure } = answer;
  if (!closure.closed || !closure.closedAt || !closure.erasureAt) return null;
  return (
    <Alert color="red" variant="light" title={REOPEN_TEXT.title}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{REOPEN_TEXT.closed(closure.closedAt, closure.erasureAt)}</Text>
        <Button
          size="xs"
          disabled={reopen.isPending}
          onClick={() => reopen.mutate({ id: answer.businessId })}
        >
          {reopen.isPending ? REOPEN_TEXT.reopening : REOPEN_TEXT.reopen}
        </Button>
      </Group>
      <ErrorBanner message={reopen.error ? anyMessage(reopen.error, REOPEN_TEXT.failed) : null} />
    </Alert>
  );
}
