import { ActionIcon, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { REQUEST_INTERVAL_DAYS, REQUEST_TEXTS, type TRequestChannel } from '@starloop/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorBanner } from '../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../components/notify.ts';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { CHANNEL_LABELS } from './request-labels.ts';

/** How often one customer may be asked, and the order channels are tried in. */
export function RequestSettingsPanel() {
  const trpc = useTrpc();
  const settings = useQuery(trpc.owner.requests.getSettings.queryOptions());
  const save = useMutation(trpc.owner.requests.updateSettings.mutationOptions());
  const [days, setDays] = useState<number>(REQUEST_INTERVAL_DAYS.default);
  const [order, setOrder] = useState<TRequestChannel[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) {
      setDays(settings.data.intervalDays);
      setOrder(settings.data.channelOrder);
    }
  }, [settings.data]);
  const move = (index: number, by: -1 | 1) =>
    setOrder((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({ intervalDays: days, channelOrder: order });
      notify.success(REQUEST_TEXTS.settingsSaved);
      await settings.refetch();
    } catch (saveError) {
      setError(anyMessage(saveError, 'Could not save. Please try again.'));
    }
  };
  if (settings.isError) return <ErrorBanner message={anyMessage(settings.error)} />;
  const available = settings.data?.availableChannels ?? [];
  return (
    <SectionCard titleId="request-settings-title" title="Request settings" gap="md">
      <Stack gap="md" maw={520}>
        <NumberInput
          label="Ask one customer at most once every (days)"
          description={`At least ${REQUEST_INTERVAL_DAYS.min} days; ${REQUEST_INTERVAL_DAYS.default} is recommended.`}
          min={REQUEST_INTERVAL_DAYS.min}
          max={REQUEST_INTERVAL_DAYS.max}
          value={days}
          onChange={(value) => setDays(Number(value) || REQUEST_INTERVAL_DAYS.min)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Channels, in the order they are tried
          </Text>
          {order.map((channel, index) => (
            <Group key={channel} gap="xs">
              <Text w={24}>{index + 1}.</Text>
              <Text w={110}>{CHANNEL_LABELS[channel]}</Text>
              <Text size="xs" c={available.includes(channel) ? 'green.8' : 'dimmed'}>
                {available.includes(channel) ? 'Ready' : 'Not set up'}
              </Text>
              <ActionIcon
                variant="subtle"
                aria-label={`Move ${CHANNEL_LABELS[channel]} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`Move ${CHANNEL_LABELS[channel]} down`}
                disabled={index === order.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        <ErrorBanner message={error} />
        <Group>
          <Button onClick={() => void submit()} loading={save.isPending} disabled={settings.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}
