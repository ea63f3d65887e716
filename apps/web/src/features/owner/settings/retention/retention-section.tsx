import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { RETENTION_DEFAULTS, RETENTION_LIMITS, type TRetentionSettings } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorBanner } from '../../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../../components/notify.ts';
import { SectionCard } from '../../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../../lib/api-errors.ts';
import { en, type TOwnerMessages } from '../../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../../lib/owner-i18n/owner-messages.ts';
import { useTrpc } from '../../../../lib/use-trpc.ts';

type TRetentionTexts = TOwnerMessages['dataSection']['retention'];

/** The texts in one language, with the default periods filled in. */
const retentionTexts = (texts: TRetentionTexts) => ({
  ...texts,
  description: fill(texts.description, {
    contactDays: RETENTION_DEFAULTS.contactRetentionDays,
    feedbackDays: RETENTION_DEFAULTS.feedbackRetentionDays,
  }),
});

/** The English texts (the catalog's; tests read them). */
export const RETENTION_TEXT = retentionTexts(en.dataSection.retention);

/** Settings > Data retention (the account's owners): owner.account.retention / updateRetention. */
export function RetentionSection() {
  const text = retentionTexts(useOwnerMessages().dataSection.retention);
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
    <SectionCard titleId="retention-title" title={text.title} description={text.description}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(values);
        }}
      >
        <Stack gap="sm">
          <Group grow align="flex-start">
            {field('contactRetentionDays', text.contacts)}
            {field('feedbackRetentionDays', text.feedback)}
          </Group>
          <ErrorBanner message={save.error ? anyMessage(save.error, text.failed) : null} />
          {current.isError ? (
            <Text size="sm" c="red">
              {anyMessage(current.error, text.failed)}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" disabled={save.isPending || !current.data}>
              {save.isPending ? text.saving : text.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
