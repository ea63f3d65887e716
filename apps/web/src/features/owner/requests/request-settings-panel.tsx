import { ActionIcon, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { REQUEST_INTERVAL_DAYS, type TRequestChannel, ZRequestSettingsUpdate } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorBanner } from '../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../components/notify.ts';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { useRequestTexts } from './request-texts.ts';

interface TRequestSettingsValues {
  intervalDays: number;
  channelOrder: TRequestChannel[];
}

const DEFAULT_SETTINGS: TRequestSettingsValues = {
  intervalDays: REQUEST_INTERVAL_DAYS.default,
  channelOrder: [],
};

/** How often one customer may be asked, and the order channels are tried in. */
export function RequestSettingsPanel() {
  const { t: texts } = useRequestTexts();
  const t = texts.settings;
  const trpc = useTrpc();
  const settings = useQuery(trpc.owner.requests.getSettings.queryOptions());
  const save = useMutation(trpc.owner.requests.updateSettings.mutationOptions());
  const form = useForm(ZRequestSettingsUpdate, DEFAULT_SETTINGS);
  const { reset } = form;
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) {
      reset({ intervalDays: settings.data.intervalDays, channelOrder: settings.data.channelOrder });
    }
  }, [settings.data, reset]);
  const order = form.values.channelOrder;
  const move = (index: number, by: -1 | 1) => {
    const next = [...order];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    form.setField('channelOrder', next);
  };
  const submit = async () => {
    setError(null);
    const values = form.submit();
    if (!values) return;
    try {
      await save.mutateAsync(values);
      notify.success(t.saved);
      await settings.refetch();
    } catch (saveError) {
      setError(anyMessage(saveError, texts.saveFailed));
    }
  };
  if (settings.isError) return <ErrorBanner message={anyMessage(settings.error)} />;
  const available = settings.data?.availableChannels ?? [];
  return (
    <SectionCard titleId="request-settings-title" title={t.title} gap="md">
      <Stack gap="md" maw={520}>
        <NumberInput
          label={t.interval}
          description={fill(t.intervalHelp, {
            min: REQUEST_INTERVAL_DAYS.min,
            recommended: REQUEST_INTERVAL_DAYS.default,
          })}
          min={REQUEST_INTERVAL_DAYS.min}
          max={REQUEST_INTERVAL_DAYS.max}
          {...form.numberInput('intervalDays', REQUEST_INTERVAL_DAYS.min)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t.channels}
          </Text>
          {order.map((channel, index) => (
            <Group key={channel} gap="xs">
              <Text w={24}>{index + 1}.</Text>
              <Text w={110}>{texts.labels.channel[channel]}</Text>
              <Text size="xs" c={available.includes(channel) ? 'green.8' : 'dimmed'}>
                {available.includes(channel) ? t.ready : t.notSetUp}
              </Text>
              <ActionIcon
                variant="subtle"
                aria-label={fill(t.moveUp, { channel: texts.labels.channel[channel] })}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={fill(t.moveDown, { channel: texts.labels.channel[channel] })}
                disabled={index === order.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓
              </ActionIcon>
            </Group>
          ))}
          {form.errors.channelOrder ? (
            <Text size="xs" c="red.8">
              {form.errors.channelOrder}
            </Text>
          ) : null}
        </Stack>
        <ErrorBanner message={error} />
        <Group>
          <Button onClick={() => void submit()} loading={save.isPending} disabled={settings.isPending}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}
