import { Button, Group, Text } from '@mantine/core';
import type { TAdminUserAccount } from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { ErrorBanner } from '../../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../../components/notify.ts';
import { anyMessage } from '../../../../lib/api-errors.ts';
import { useTrpc } from '../../../../lib/use-trpc.ts';

export const EXPORT_ACCOUNT_TEXT = {
  start: 'Export data for its owners',
  starting: 'Starting export...',
  help: 'A copy of everything the account holds, built in the background; its owners get the email and only they can download it.',
  started: (id: number) => `Export ${id} started. The account's owners will get an email when it is ready.`,
  failed: 'The export could not be started.',
} as const;

/**
 * An admin starts an export of an account's data for its owners (issue 35 item 1;
 * POST /api/admin/accounts/{id}/exports). The admin never sees the file.
 */
export function ExportAccount({ answer }: { answer: TAdminUserAccount }) {
  const trpc = useTrpc();
  const start = useMutation(
    trpc.admin.accounts.export.mutationOptions({
      onSuccess: (result) => notify.success(EXPORT_ACCOUNT_TEXT.started(result.id)),
    }),
  );
  return (
    <div>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {EXPORT_ACCOUNT_TEXT.help}
        </Text>
        <Button
          size="xs"
          variant="light"
          disabled={start.isPending}
          onClick={() => start.mutate({ id: answer.account.id })}
        >
          {start.isPending ? EXPORT_ACCOUNT_TEXT.starting : EXPORT_ACCOUNT_TEXT.start}
        </Button>
      </Group>
      <ErrorBanner message={start.error ? anyMessage(start.error, EXPORT_ACCOUNT_TEXT.failed) : null} />
    </div>
  );
}
