import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notify } from '../../../../components/notify.ts';
import { anyMessage } from '../../../../lib/api-errors.ts';
import { en } from '../../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../../lib/owner-i18n/owner-messages.ts';
import {
  currentPushSubscription,
  pushSupport,
  subscribeThisBrowser,
  type TPushSupport,
} from '../../../../lib/pwa.ts';
import { useTrpc } from '../../../../lib/use-trpc.ts';

export const PUSH_DEVICE_TEXT = en.alerts.device;

/**
 * This browser's push subscription (owner.push.*): turn notifications on (the browser asks for
 * permission, subscribes with the server's VAPID key, and the server keeps the subscription for
 * the signed-in person) or off again. The alert switches above say which alerts come as a push.
 */
export function PushDevice() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const messages = useOwnerMessages().alerts;
  const t = messages.device;
  const server = useQuery(trpc.owner.push.list.queryOptions());
  const [support, setSupport] = useState<TPushSupport>(() => pushSupport());
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (support === 'unsupported') return;
    void currentPushSubscription()
      .then((subscription) => setEndpoint(subscription?.endpoint ?? null))
      .catch(() => setEndpoint(null));
  }, [support]);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.owner.push.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.owner.alerts.getPreferences.queryKey() }),
    ]);
  const save = useMutation(trpc.owner.push.subscribe.mutationOptions());
  const remove = useMutation(trpc.owner.push.unsubscribe.mutationOptions());

  const turnOn = async () => {
    const publicKey = server.data?.publicKey;
    if (!publicKey) return;
    try {
      const result = await subscribeThisBrowser(publicKey);
      if (!result.ok) {
        setSupport(result.reason);
        return;
      }
      const { endpoint: at, keys } = result.subscription;
      if (!at || !keys?.p256dh || !keys.auth) throw new Error(t.noSubscription);
      await save.mutateAsync({ endpoint: at, keys: { p256dh: keys.p256dh, auth: keys.auth } });
      setEndpoint(at);
      setSupport(pushSupport());
      notify.success(t.turnedOn);
      await refresh();
    } catch (error) {
      notify.error(`${t.failed} ${anyMessage(error, messages.tryAgain)}`);
    }
  };
  const turnOff = async () => {
    const subscription = await currentPushSubscription();
    if (subscription) {
      await remove.mutateAsync({ endpoint: subscription.endpoint }).catch(() => undefined);
      await subscription.unsubscribe();
    }
    setEndpoint(null);
    notify.success(t.turnedOff);
    await refresh();
  };

  const busy = save.isPending || remove.isPending;
  let body: React.ReactNode;
  if (support === 'unsupported') body = <Text size="sm">{t.unsupported}</Text>;
  else if (server.data && !server.data.publicKey) body = <Text size="sm">{t.notConfigured}</Text>;
  else if (support === 'denied')
    body = (
      <Alert color="yellow" variant="light">
        {t.denied}
      </Alert>
    );
  else if (endpoint)
    body = (
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t.on}</Text>
        <Button variant="default" onClick={() => void turnOff()} loading={busy}>
          {t.turnOff}
        </Button>
      </Group>
    );
  else
    body = (
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t.off}</Text>
        <Button
          onClick={() => void turnOn()}
          loading={busy}
          disabled={!server.data?.publicKey || endpoint === undefined}
        >
          {t.turnOn}
        </Button>
      </Group>
    );
  return (
    <section aria-labelledby="push-device-title" data-testid="push-device">
      <Text id="push-device-title" fw={600} size="sm" mb={4}>
        {t.title}
      </Text>
      {body}
    </section>
  );
}
