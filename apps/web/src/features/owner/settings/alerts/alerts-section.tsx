import { Alert, Button, Fieldset, Group, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  CASE_ALERT_BATCH_MINUTES,
  type TAlertPreferences,
  type TAlertPreferencesUpdate,
} from '@starloop/contract';
import { fill, plural } from '@starloop/review-page';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../../components/notify.ts';
import { SectionCard } from '../../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../../lib/api-errors.ts';
import { en } from '../../../../lib/owner-i18n/en.ts';
import { useOwnerLanguage } from '../../../../lib/owner-i18n/owner-i18n.tsx';
import { useOwnerMessages } from '../../../../lib/owner-i18n/owner-messages.ts';
import { useTrpc } from '../../../../lib/use-trpc.ts';
import { LoadError } from '../../shared/load-error.tsx';
import { PushDevice } from './push-device.tsx';

export const ALERTS_TEXT = {
  ...en.alerts,
  emailTo: (email: string) => fill(en.alerts.emailTo, { email }),
  whatsappTo: (phone: string) => fill(en.alerts.whatsappTo, { phone }),
  pushTo: (devices: number) => plural('en', en.alerts.pushTo, devices),
  batching: fill(en.alerts.batching, { minutes: CASE_ALERT_BATCH_MINUTES }),
};

/** The quiet hours offered when someone first turns them on. */
const NIGHT = { start: '22:00', end: '08:00' };
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

const choicesOf = (preferences: TAlertPreferences): TChoices => ({
  newCase: preferences.newCase,
  overdue: preferences.overdue,
  payment: preferences.payment,
  quietHours: preferences.quietHours,
});

/** The whole choice, every channel said (what the screen sends). */
type TChoices = Required<TAlertPreferencesUpdate> & {
  newCase: Required<TAlertPreferencesUpdate['newCase']>;
  overdue: Required<TAlertPreferencesUpdate['overdue']>;
};

/**
 * The signed-in person's own case alerts (owner.alerts.*): new and overdue cases by email and by
 * WhatsApp, and quiet hours. A switch saves at once; quiet hours are saved with their button.
 */
export function AlertsSection() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const t = useOwnerMessages().alerts;
  const preferences = useQuery(trpc.owner.alerts.getPreferences.queryOptions());
  const update = useMutation(
    trpc.owner.alerts.updatePreferences.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.owner.alerts.getPreferences.queryKey(), saved);
        notify.success(t.saved);
      },
      onError: (error) => notify.error(`${t.saveFailed} ${anyMessage(error, t.tryAgain)}`),
    }),
  );

  return (
    <SectionCard
      titleId="alerts-title"
      title={t.title}
      description={t.description}
      aside={
        <Text size="xs" c={update.isSuccess ? 'green.8' : 'dimmed'} role="status" aria-live="polite">
          {update.isPending ? t.saving : update.isSuccess ? t.savedNote : ''}
        </Text>
      }
    >
      {preferences.isError ? (
        <LoadError title={t.loadFailed} query={preferences} />
      ) : preferences.isPending ? (
        <Skeleton height={160} radius="md" data-testid="alerts-loading" />
      ) : (
        <Stack gap="lg">
          <PushDevice />
          <AlertChoices
            preferences={preferences.data}
            saving={update.isPending}
            save={(choices) => update.mutate(choices)}
            // The change on its way shows at once; the server's answer replaces it.
            pending={update.isPending ? (update.variables as TChoices) : undefined}
          />
        </Stack>
      )}
    </SectionCard>
  );
}

function AlertChoices({
  preferences,
  pending,
  saving,
  save,
}: {
  preferences: TAlertPreferences;
  pending: TChoices | undefined;
  saving: boolean;
  save: (choices: TChoices) => void;
}) {
  const current = pending ?? choicesOf(preferences);
  const t = useOwnerMessages().alerts;
  const { language } = useOwnerLanguage();
  const whatsappOff = !preferences.whatsapp.available;
  const pushOff = !preferences.push.available;
  const [quiet, setQuiet] = useState(current.quietHours ?? null);
  const [quietError, setQuietError] = useState<string | null>(null);

  const channelSwitch = (kind: 'newCase' | 'overdue', channel: 'email' | 'whatsapp' | 'push') => (
    <Switch
      label={t[channel]}
      checked={current[kind][channel]}
      disabled={
        saving ||
        (channel === 'whatsapp' && whatsappOff) ||
        (channel === 'push' && pushOff) ||
        (channel === 'email' && !preferences.email)
      }
      onChange={(event) =>
        save({ ...current, [kind]: { ...current[kind], [channel]: event.currentTarget.checked } })
      }
    />
  );

  const saveQuiet = () => {
    if (!quiet) return;
    if (!CLOCK.test(quiet.start) || !CLOCK.test(quiet.end)) return setQuietError(t.clockInvalid);
    if (quiet.start === quiet.end) return setQuietError(t.quietHoursSame);
    setQuietError(null);
    save({ ...current, quietHours: quiet });
  };
  const quietChanged =
    quiet !== null && (quiet.start !== current.quietHours?.start || quiet.end !== current.quietHours?.end);

  return (
    <Stack gap="md">
      <Fieldset legend={t.newCase} variant="unstyled">
        <Text size="xs" c="dimmed" mb="xs">
          {t.newCaseHint}
        </Text>
        <Group gap="xl">
          {channelSwitch('newCase', 'email')}
          {channelSwitch('newCase', 'whatsapp')}
          {channelSwitch('newCase', 'push')}
        </Group>
      </Fieldset>
      <Fieldset legend={t.overdue} variant="unstyled">
        <Text size="xs" c="dimmed" mb="xs">
          {t.overdueHint}
        </Text>
        <Group gap="xl">
          {channelSwitch('overdue', 'email')}
          {channelSwitch('overdue', 'whatsapp')}
          {channelSwitch('overdue', 'push')}
        </Group>
      </Fieldset>
      <Fieldset legend={t.payment} variant="unstyled">
        <Text size="xs" c="dimmed" mb="xs">
          {t.paymentHint}
        </Text>
        <Switch
          label={t.push}
          checked={current.payment.push}
          disabled={saving || pushOff}
          onChange={(event) => save({ ...current, payment: { push: event.currentTarget.checked } })}
        />
      </Fieldset>
      <Stack gap={4}>
        <Text size="sm" data-testid="alerts-email">
          {preferences.email ? fill(t.emailTo, { email: preferences.email }) : t.noEmail}
        </Text>
        <Text size="sm" data-testid="alerts-whatsapp">
          {preferences.whatsapp.available
            ? fill(t.whatsappTo, { phone: preferences.phone })
            : preferences.whatsapp.reason}
        </Text>
        <Text size="sm" data-testid="alerts-push">
          {preferences.push.available
            ? plural(language, t.pushTo, preferences.push.devices)
            : preferences.push.reason}
        </Text>
        <Text size="xs" c="dimmed">
          {fill(t.batching, { minutes: CASE_ALERT_BATCH_MINUTES })}
        </Text>
      </Stack>
      <Stack gap="xs">
        <Switch
          label={t.quietHours}
          description={t.quietHoursHint}
          checked={quiet !== null}
          disabled={saving}
          onChange={(event) => {
            if (event.currentTarget.checked) {
              setQuiet(current.quietHours ?? NIGHT);
              return;
            }
            setQuiet(null);
            setQuietError(null);
            if (current.quietHours) save({ ...current, quietHours: null });
          }}
        />
        {quiet ? (
          <Group align="flex-end" gap="sm">
            <TextInput
              type="time"
              label={t.from}
              value={quiet.start}
              onChange={(event) => setQuiet({ ...quiet, start: event.currentTarget.value })}
              w={130}
            />
            <TextInput
              type="time"
              label={t.until}
              value={quiet.end}
              onChange={(event) => setQuiet({ ...quiet, end: event.currentTarget.value })}
              w={130}
            />
            <Button onClick={saveQuiet} loading={saving} disabled={!quietChanged}>
              {t.saveQuietHours}
            </Button>
          </Group>
        ) : null}
        {quietError ? (
          <Alert color="red" variant="light" role="alert">
            {quietError}
          </Alert>
        ) : null}
      </Stack>
    </Stack>
  );
}
