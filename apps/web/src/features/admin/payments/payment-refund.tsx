import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { TAdminPayment } from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../components/notify.ts';
import { anyMessage } from '../../../lib/api-errors.ts';
import { formatDateTime, formatPaise } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { useAdminRefresh } from '../shared/use-admin-refresh.ts';

export const REFUND_TEXTS = {
  refunded: 'Refunded',
  why: 'Nobody got this payment: its phone number or business code was registered by someone else before it was captured.',
  ask: (amount: string) => `Refund ${amount} to the payer? This cannot be undone.`,
  refundFailed: 'The refund could not be made. Please try again.',
} as const;

/**
 * The refund of a registration payment applied to nobody, in 'Payment Details': a button, a
 * confirmation, then the refund's date. What the server answered is shown at once (the dialog holds
 * the row as it was opened); the list loads again behind it.
 */
export function PaymentRefund({ payment }: { payment: TAdminPayment }) {
  const trpc = useTrpc();
  const refresh = useAdminRefresh();
  const refund = useMutation(trpc.admin.payments.refund.mutationOptions());
  const [confirming, setConfirming] = useState(false);
  const refundedAt = refund.data?.refundedAt ?? payment.refundedAt;

  if (refundedAt) {
    return (
      <Group gap="xs">
        <Badge color="gray" variant="filled">
          {REFUND_TEXTS.refunded}
        </Badge>
        <Text size="sm">{formatDateTime(refundedAt)}</Text>
      </Group>
    );
  }
  if (!payment.needsRefund) return null;

  const amount = formatPaise(payment.amount);
  const confirm = () =>
    refund.mutate(
      { id: payment.id },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          void refresh();
        },
        onSettled: () => setConfirming(false),
      },
    );
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text size="sm">{REFUND_TEXTS.why}</Text>
        <ErrorBanner message={refund.isError ? anyMessage(refund.error, REFUND_TEXTS.refundFailed) : null} />
        {confirming ? (
          <>
            <Text size="sm" fw={600}>
              {REFUND_TEXTS.ask(amount)}
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={() => setConfirming(false)} disabled={refund.isPending}>
                Cancel
              </Button>
              <Button color="red" onClick={confirm} disabled={refund.isPending}>
                {refund.isPending ? 'Refunding...' : 'Yes, refund'}
              </Button>
            </Group>
          </>
        ) : (
          <Group>
            <Button color="orange" onClick={() => setConfirming(true)}>
              Refund {amount}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
