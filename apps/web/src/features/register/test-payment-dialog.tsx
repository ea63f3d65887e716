import { Alert, Badge, Button, Group, MantineProvider, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { anyMessage } from '../../lib/api-errors.ts';
import { formatPaise } from '../../lib/format.ts';
import { DEFAULT_COLOR_SCHEME, theme } from '../../theme.ts';
import type {
  TCheckoutOrder,
  TCheckoutPrefill,
  TCheckoutResult,
  TCompleteTestPayment,
} from './payment-gateway.ts';

export const TEST_PAYMENT_TEXT = {
  title: 'Test payment',
  badge: 'Test mode',
  explain:
    'This server has no Razorpay keys, so it uses its built-in test gateway. No money moves: choose what the payment should do.',
  pay: (amount: string) => `Pay ${amount}`,
  fail: 'Fail',
  cancel: 'Cancel',
  unexpected: 'The test gateway did not answer as expected',
} as const;

interface TTestPaymentDialogProps {
  order: TCheckoutOrder;
  prefill: TCheckoutPrefill;
  complete: TCompleteTestPayment;
  /** Called once with the outcome, like Razorpay's handler / payment.failed / modal.ondismiss. */
  onResult: (result: TCheckoutResult) => void;
  opened: boolean;
}

/** The price and each tax of an order that carries GST (issue 32), as lines before its total. */
export function taxSplitLines(order: TCheckoutOrder): [string, string][] {
  if (order.tax === undefined || !order.gst) return [];
  const lines: [string, string][] = [['Price', formatPaise(order.amount)]];
  if (order.gst.igst > 0) lines.push(['IGST 18%', formatPaise(order.gst.igst)]);
  else {
    lines.push(['CGST 9%', formatPaise(order.gst.cgst)]);
    lines.push(['SGST 9%', formatPaise(order.gst.sgst)]);
  }
  return lines;
}

/** The test gateway's stand-in for Razorpay Checkout: Pay / Fail / Cancel, clearly labelled. */
export function TestPaymentDialog({ order, prefill, complete, onResult, opened }: TTestPaymentDialogProps) {
  const [busy, setBusy] = useState<'success' | 'failure' | null>(null);
  const amount = formatPaise(order.total ?? order.amount);
  const taxLines = taxSplitLines(order);

  const run = async (outcome: 'success' | 'failure') => {
    setBusy(outcome);
    try {
      const answer = await complete({ orderId: order.orderId, outcome });
      if ('error' in answer) {
        onResult({ status: 'failed', description: answer.error.description });
      } else if (outcome === 'success' && answer.razorpay_payment_id) {
        onResult({
          status: 'success',
          response: {
            razorpay_order_id: answer.razorpay_order_id,
            razorpay_payment_id: answer.razorpay_payment_id,
            razorpay_signature: answer.razorpay_signature,
          },
        });
      } else {
        onResult({ status: 'failed', description: TEST_PAYMENT_TEXT.unexpected });
      }
    } catch (error) {
      const description = anyMessage(error, '');
      onResult(description ? { status: 'failed', description } : { status: 'failed' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onResult({ status: 'cancelled' });
      }}
      title={
        <Group gap="xs">
          <Text fw={700}>{TEST_PAYMENT_TEXT.title}</Text>
          <Badge color="orange" variant="filled">
            {TEST_PAYMENT_TEXT.badge}
          </Badge>
        </Group>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
      closeOnClickOutside={false}
      centered
    >
      <Stack gap="md">
        <Alert color="orange" variant="light">
          {TEST_PAYMENT_TEXT.explain}
        </Alert>
        <Stack gap={4}>
          {taxLines.map(([label, value]) => (
            <Text size="sm" key={label}>
              <Text span c="gray.7">
                {label}:{' '}
              </Text>
              {value}
            </Text>
          ))}
          <Text size="sm">
            <Text span c="gray.7">
              Amount:{' '}
            </Text>
            <Text span fw={700}>
              {amount}
            </Text>
          </Text>
          <Text size="sm">
            <Text span c="gray.7">
              Order:{' '}
            </Text>
            {order.orderId}
          </Text>
          {prefill.name ? (
            <Text size="sm">
              <Text span c="gray.7">
                Payer:{' '}
              </Text>
              {prefill.name}
              {prefill.contact ? `, ${prefill.contact}` : ''}
            </Text>
          ) : null}
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            disabled={busy !== null}
            onClick={() => onResult({ status: 'cancelled' })}
          >
            {TEST_PAYMENT_TEXT.cancel}
          </Button>
          <Button
            color="red"
            variant="light"
            loading={busy === 'failure'}
            disabled={busy === 'success'}
            onClick={() => void run('failure')}
          >
            {TEST_PAYMENT_TEXT.fail}
          </Button>
          <Button
            loading={busy === 'success'}
            disabled={busy === 'failure'}
            onClick={() => void run('success')}
          >
            {TEST_PAYMENT_TEXT.pay(amount)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Shows the dialog in a React root of its own (like Razorpay's own window, it works from any
 * screen without a host component) and settles with the outcome.
 */
export function showTestPaymentDialog(options: {
  order: TCheckoutOrder;
  prefill: TCheckoutPrefill;
  complete: TCompleteTestPayment;
}): Promise<TCheckoutResult> {
  return new Promise<TCheckoutResult>((resolve) => {
    const container = document.createElement('div');
    container.dataset.testPayment = '';
    document.body.appendChild(container);
    const root = createRoot(container);
    let settled = false;

    const remove = () => {
      root.unmount();
      container.remove();
    };
    const render = (opened: boolean) =>
      root.render(
        <MantineProvider theme={theme} defaultColorScheme={DEFAULT_COLOR_SCHEME}>
          <TestPaymentDialog
            {...options}
            opened={opened}
            onResult={(result) => {
              if (settled) return;
              settled = true;
              resolve(result);
              render(false);
              // Unmount after the closing animation (or at once if there is none).
              setTimeout(remove, 400);
            }}
          />
        </MantineProvider>,
      );
    render(true);
  });
}
