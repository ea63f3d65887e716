import { Badge, Button, Group, Text } from '@mantine/core';
import type { TOwnerPlan } from '@starloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/notify.ts';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { formatPaise } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { GATEWAY_LOAD_ERROR, openCheckout } from '../../register/payment-gateway.ts';
import { useOwner } from '../shared/use-owner.ts';

export const AUTOPAY_TEXT = {
  title: 'AutoPay',
  off: 'Renew automatically each month by UPI AutoPay or a card mandate. Razorpay tells you 24 hours before each charge, and you can switch it off at any time.',
  on: (total: string) => `On: ${total} (GST included) is charged each month when your plan renews.`,
  turnOn: 'Turn on AutoPay',
  turnOff: 'Turn off AutoPay',
  authorised: 'AutoPay authorised. Razorpay confirms it in a moment.',
  cancelled: 'AutoPay was not set up.',
  failed: 'Could not change AutoPay. Please try again.',
} as const;

const STATUS_WORDS: Record<string, [string, string]> = {
  created: ['Waiting for authorisation', 'gray'],
  authenticated: ['Authorised', 'blue'],
  active: ['Active', 'green'],
  pending: ['Payment pending', 'orange'],
  halted: ['Stopped: payment failed', 'red'],
};

/** Automatic renewal through Razorpay Subscriptions (owner.plan.startAutopay / cancelAutopay). For owners. */
export function AutopaySection({ plan }: { plan: TOwnerPlan }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const owner = useOwner();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.owner.plan.get.queryKey() });
  const start = useMutation(trpc.owner.plan.startAutopay.mutationOptions());
  const cancel = useMutation(
    trpc.owner.plan.cancelAutopay.mutationOptions({
      onSuccess: (result) => {
        notify.success(result.message);
        void refresh();
      },
      onError: (error) => notify.error(anyMessage(error, AUTOPAY_TEXT.failed)),
    }),
  );

  const turnOn = async () => {
    let started: Awaited<ReturnType<typeof start.mutateAsync>>;
    try {
      started = await start.mutateAsync({});
    } catch (error) {
      notify.error(anyMessage(error, AUTOPAY_TEXT.failed));
      return;
    }
    const profile = owner.data;
    try {
      const result = await openCheckout(
        {
          orderId: '',
          subscriptionId: started.subscriptionId,
          amount: started.amount,
          total: started.total,
          keyId: started.keyId,
        },
        {
          name: profile?.name ?? '',
          contact: profile?.contactNumber ?? '',
          ...(profile?.email ? { email: profile.email } : {}),
          notes: { code: profile?.code ?? '', purpose: 'autopay' },
        },
      );
      if (result.status === 'success') notify.success(AUTOPAY_TEXT.authorised);
      else notify.info(AUTOPAY_TEXT.cancelled);
    } catch {
      notify.error(GATEWAY_LOAD_ERROR);
    }
    void refresh();
  };

  const autopay = plan.autopay;
  const [label, color] = autopay
    ? (STATUS_WORDS[autopay.status] ?? [autopay.status, 'gray'])
    : ['Off', 'gray'];
  return (
    <SectionCard titleId="autopay-title" title={AUTOPAY_TEXT.title} gap="sm">
      <Group gap="xs">
        <Badge color={color} variant="light">
          {label}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {autopay ? AUTOPAY_TEXT.on(formatPaise(autopay.total)) : AUTOPAY_TEXT.off}
      </Text>
      <Group>
        {autopay && autopay.status !== 'created' ? (
          <Button variant="default" color="red" loading={cancel.isPending} onClick={() => cancel.mutate({})}>
            {AUTOPAY_TEXT.turnOff}
          </Button>
        ) : (
          <Button loading={start.isPending} onClick={() => void turnOn()}>
            {AUTOPAY_TEXT.turnOn}
          </Button>
        )}
      </Group>
    </SectionCard>
  );
}
