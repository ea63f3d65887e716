import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { RETENTION_DEFAULTS, RETENTION_LIMITS, type TRetentionSettings } from '@starloop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorBanner } from '../../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../../components/notify.ts';
import { SectionCard } from '../../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../../lib/api-errors.ts';
import { useTrpc } from '../../../../lib/use-trpc.ts';

export const RETENTION_TEXT = {
  title: 'Data retention',
  description: `How long StarLoop keeps your customers’ contact details and feedback text. Older ones are deleted every night (the star rating and its date stay). Defaults: ${RETENTION_DEFAULTS.contactRetentionDays} days and ${RETENTION_DEFAULTS.feedbackRetentionDays} days (3 years).`,
  contacts: 'Customer contact details (days)',
  feedback: 'Feedback text (days)',
  save: 'Save retention',
  saving: 'Saving...',
  failed: 'Retention could not be saved.',
} as const;

/** Settings > Data retention (the account's owners): owner.account.retention / updateRetention. */
export function RetentionSection() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const account = useQuery(trpc.owner.account.get.queryOptions(undefined, { staleTime: 60_000 }));
  const isOwner = account.data?.role === 'owner';
  const current = useQuery({ ...trpc.owner.account.retention.queryOptions(), enabled: isOwner });
  const [values, setValues] = useState<TRetentionSettings>(RETENTION_DEFAULTS);
  useEffect(() => {
    if (current.data) setValues(current.data);
  }, [current.data]);
  const save = useMutation(
    trpc.owner.account.updateRetention.mutationOptions({
      onSuccess: (saved) => {
        notify.success(saved.message);
        queryClient.setQueryData(trpc.owner.account.retention.queryKey(), {
          contactRetentionDays: saved.contactRetentionDays,
          feedbackRetentionDays: saved.feedbackRetentionDays,
        });
      },
    }),
  );
  if (!isOwner) return null;
  const field = (key: keyof TRetentionSettings, label: string) => (
    <NumberInput
      label={label}
      value={values[key]}
      min={RETENTION_LIMITS.min}
      max={RETENTION_LIMITS.max}
      allowDecimal={false}
      onChange={(value) =>
        setValues((v) => ({ ...v, [key]: typeof value === 'number' ? value : Number(value) }))
      }
    />
  );
  return (
    <SectionCard
      titleId="retention-title"
      title={RETENTION_TEXT.title}
      description={RETENTION_TEXT.description}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(values);
        }}
      >
        <Stack gap="sm">
          <Group grow align="flex-start">
            {field('contactRetentionDays', RETENTION_TEXT.contacts)}
            {field('feedbackRetentionDays', RETENTION_TEXT.feedback)}
          </Group>
          <ErrorBanner message={save.error ? anyMessage(save.error, RETENTION_TEXT.failed) : null} />
          {current.isError ? (
            <Text size="sm" c="red">
              {anyMessage(current.error, RETENTION_TEXT.failed)}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" disabled={save.isPending || !current.data}>
              {save.isPending ? RETENTION_TEXT.saving : RETENTION_TEXT.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
