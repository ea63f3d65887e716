import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notify } from '../../../../components/notify.ts';
import { anyMessage } from '../../../../lib/api-errors.ts';
import {
  currentPushSubscription,
  pushSupport,
  subscribeThisBrowser,
  type TPushSupport,
} from '../../../../lib/pwa.ts';
import { useTrpc } from '../../../../lib/use-trpc.ts';

export const PUSH_DEVICE_TEXT = {
  title: 'Notifications on this phone',
  on: 'Notifications are on for this phone or browser.',
  off: 'Get new low ratings, cases and renewal reminders as notifications on this phone.',
  turnOn: 'Turn on notifications',
  turnOff: 'Turn off on this phone',
  unsupported:
    'This browser cannot show notifications. On an iPhone, first add StarLoop to your home screen (Share, then Add to Home Screen) and open it from there.',
  denied:
    'Notifications are blocked for StarLoop in this browser. Allow them in the site settings, then try again.',
  notConfigured: 'Push notifications are not set up on this StarLoop server yet.',
  turnedOn: 'Notifications turned on',
  turnedOff: 'Notifications turned off on this phone',
  failed: 'Could not turn on notifications.',
} as const;

/**
 * This browser's push subscription (owner.push.*): turn notifications on (the browser asks for
 * permission, subscribes with the server's VAPID key, and the server keeps the subscription for
 * the signed-in person) or off again. The alert switches above say which alerts come as a push.
 */
export function PushDevice() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
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
      if (!at || !keys?.p256dh || !keys.auth) throw new Error('The browser gave no subscription.');
      await save.mutateAsync({ endpoint: at, keys: { p256dh: keys.p256dh, auth: keys.auth } });
      setEndpoint(at);
      setSupport(pushSupport());
      notify.success(PUSH_DEVICE_TEXT.turnedOn);
      await refresh();
    } catch (error) {
      notify.error(`${PUSH_DEVICE_TEXT.failed} ${anyMessage(error, 'Please try again.')}`);
    }
  };
  const turnOff = async () => {
    const subscription = await currentPushSubscription();
    if (subscription) {
      await remove.mutateAsync({ endpoint: subscription.endpoint }).catch(() => undefined);
      await subscription.unsubscribe();
    }
    setEndpoint(null);
    notify.success(PUSH_DEVICE_TEXT.turnedOff);
    await refresh();
  };

  const busy = save.isPending || remove.isPending;
  let body: React.ReactNode;
  if (support === 'unsupported') body = <Text size="sm">{PUSH_DEVICE_TEXT.unsupported}</Text>;
  else if (server.data && !server.data.publicKey)
    body = <Text size="sm">{PUSH_DEVICE_TEXT.notConfigured}</Text>;
  else if (support === 'denied')
    body = (
      <Alert color="yellow" variant="light">
        {PUSH_DEVICE_TEXT.denied}
      </Alert>
    );
  else if (endpoint)
    body = (
      <Group justify="space-between" gap="sm">
        <Text size="sm">{PUSH_DEVICE_TEXT.on}</Text>
        <Button variant="default" onClick={() => void turnOff()} loading={busy}>
          {PUSH_DEVICE_TEXT.turnOff}
        </Button>
      </Group>
    );
  else
    body = (
      <Group justify="space-between" gap="sm">
        <Text size="sm">{PUSH_DEVICE_TEXT.off}</Text>
        <Button
          onClick={() => void turnOn()}
          loading={busy}
          disabled={!server.data?.publicKey || endpoint === undefined}
        >
          {PUSH_DEVICE_TEXT.turnOn}
        </Button>
      </Group>
    );
  return (
    <section aria-labelledby="push-device-title" data-testid="push-device">
      <Text id="push-device-title" fw={600} size="sm" mb={4}>
        {PUSH_DEVICE_TEXT.title}
      </Text>
      {body}
    </section>
  );
}
