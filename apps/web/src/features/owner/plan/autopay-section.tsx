import { Badge, Button, Group, Text } from '@mantine/core';
import type { TOwnerPlan } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/notify.ts';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { formatPaise } from '../../../lib/format.ts';
import { en } from '../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { GATEWAY_LOAD_ERROR, openCheckout } from '../../register/payment-gateway.ts';
import { useOwner } from '../shared/use-owner.ts';

/** The English texts (the catalog's). */
export const AUTOPAY_TEXT = {
  ...en.plan.autopay,
  on: (total: string) => fill(en.plan.autopay.on, { total }),
};

const STATUS_COLORS: Record<string, string> = {
  created: 'gray',
  authenticated: 'blue',
  active: 'green',
  pending: 'orange',
  halted: 'red',
};

/** Automatic renewal through Razorpay Subscriptions (owner.plan.startAutopay / cancelAutopay). For owners. */
export function AutopaySection({ plan }: { plan: TOwnerPlan }) {
  const t = useOwnerMessages().plan.autopay;
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
      onError: (error) => notify.error(anyMessage(error, t.failed)),
    }),
  );

  const turnOn = async () => {
    let started: Awaited<ReturnType<typeof start.mutateAsync>>;
    try {
      started = await start.mutateAsync({});
    } catch (error) {
      notify.error(anyMessage(error, t.failed));
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
      if (result.status === 'success') notify.success(t.authorised);
      else notify.info(t.cancelled);
    } catch {
      notify.error(GATEWAY_LOAD_ERROR);
    }
    void refresh();
  };

  const autopay = plan.autopay;
  const status = t.status as Record<string, string>;
  const [label, color] = autopay
    ? [status[autopay.status] ?? autopay.status, STATUS_COLORS[autopay.status] ?? 'gray']
    : [t.status.off, 'gray'];
  return (
    <SectionCard titleId="autopay-title" title={t.title} gap="sm">
      <Group gap="xs">
        <Badge color={color} variant="light">
          {label}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {autopay ? fill(t.on, { total: formatPaise(autopay.total) }) : t.off}
      </Text>
      <Group>
        {autopay && autopay.status !== 'created' ? (
          <Button variant="default" color="red" loading={cancel.isPending} onClick={() => cancel.mutate({})}>
            {t.turnOff}
          </Button>
        ) : (
          <Button loading={start.isPending} onClick={() => void turnOn()}>
            {t.turnOn}
          </Button>
        )}
      </Group>
    </SectionCard>
  );
}
