import { Alert, Button, Fieldset, Group, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  ALERT_TEXTS,
  CASE_ALERT_BATCH_MINUTES,
  type TAlertPreferences,
  type TAlertPreferencesUpdate,
} from '@starloop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../../components/notify.ts';
import { SectionCard } from '../../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../../lib/api-errors.ts';
import { useTrpc } from '../../../../lib/use-trpc.ts';
import { LoadError } from '../../shared/load-error.tsx';
import { PushDevice } from './push-device.tsx';

export const ALERTS_TEXT = {
  title: 'Alerts',
  description:
    'When a customer is unhappy, StarLoop tells the right person at once: the case’s assignee, else the branch’s managers, else the owners. Everyone in your team chooses their own alerts here.',
  newCase: 'A new feedback case',
  newCaseHint: 'A 1-3 star review, or a complaint your branch asked to follow.',
  overdue: 'A case past its response time',
  overdueHint: 'Nobody has responded within your first-response target.',
  email: 'Email',
  whatsapp: 'WhatsApp',
  push: 'Push',
  payment: 'A plan renewal reminder',
  paymentHint: 'Before your plan ends, and if your review page is about to close. The email always goes.',
  quietHours: 'Quiet hours',
  quietHoursHint:
    'Alerts that come in during these hours (IST) wait, and arrive together as one message when they end.',
  from: 'From',
  until: 'Until',
  saveQuietHours: 'Save quiet hours',
  saved: 'Alerts saved',
  saveFailed: 'Could not save your alerts.',
  loadFailed: 'Failed to load your alerts',
  emailTo: (email: string) => `Emails go to ${email}.`,
  whatsappTo: (phone: string) => `WhatsApp messages come from StarLoop’s number to ${phone}.`,
  pushTo: (devices: number) =>
    `Push notifications go to ${devices === 1 ? 'one phone or browser' : `${devices} phones and browsers`} where you turned them on.`,
  batching: `After an alert, the next ones wait up to ${CASE_ALERT_BATCH_MINUTES} minutes and come together.`,
} as const;

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
  const preferences = useQuery(trpc.owner.alerts.getPreferences.queryOptions());
  const update = useMutation(
    trpc.owner.alerts.updatePreferences.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.owner.alerts.getPreferences.queryKey(), saved);
        notify.success(ALERTS_TEXT.saved);
      },
      onError: (error) => notify.error(`${ALERTS_TEXT.saveFailed} ${anyMessage(error, 'Please try again.')}`),
    }),
  );

  return (
    <SectionCard
      titleId="alerts-title"
      title={ALERTS_TEXT.title}
      description={ALERTS_TEXT.description}
      aside={
        <Text size="xs" c={update.isSuccess ? 'green.8' : 'dimmed'} role="status" aria-live="polite">
          {update.isPending ? 'Saving...' : update.isSuccess ? 'Saved' : ''}
        </Text>
      }
    >
      {preferences.isError ? (
        <LoadError title={ALERTS_TEXT.loadFailed} query={preferences} />
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
  const whatsappOff = !preferences.whatsapp.available;
  const pushOff = !preferences.push.available;
  const [quiet, setQuiet] = useState(current.quietHours ?? null);
  const [quietError, setQuietError] = useState<string | null>(null);

  const channelSwitch = (kind: 'newCase' | 'overdue', channel: 'email' | 'whatsapp' | 'push') => (
    <Switch
      label={ALERTS_TEXT[channel]}
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
    if (!CLOCK.test(quiet.start) || !CLOCK.test(quiet.end)) return setQuietError(ALERT_TEXTS.clockInvalid);
    if (quiet.start === quiet.end) return setQuietError(ALERT_TEXTS.quietHoursSame);
    setQuietError(null);
    save({ ...current, quietHours: quiet });
  };
  const quietChanged =
    quiet !== null && (quiet.start !== current.quietHours?.start || quiet.end !== current.quietHours?.end);

  return (
    <Stack gap="md">
      <Fieldset legend={ALERTS_TEXT.newCase} variant="unstyled">
        <Text size="xs" c="dimmed" mb="xs">
          {ALERTS_TEXT.newCaseHint}
        </Text>
        <Group gap="xl">
          {channelSwitch('newCase', 'email')}
          {channelSwitch('newCase', 'whatsapp')}
          {channelSwitch('newCase', 'push')}
        </Group>
      </Fieldset>
      <Fieldset legend={ALERTS_TEXT.overdue} variant="unstyled">
        <Text size="xs" c="dimmed" mb="xs">
          {ALERTS_TEXT.overdueHint}
        </Text>
        <Group gap="xl">
          {channelSwitch('overdue', 'email')}
          {channelSwitch('overdue', 'whatsapp')}
          {channelSwitch('overdue', 'push')}
        </Group>
      </Fieldset>
      <Fieldset legend={ALERTS_TEXT.payment} variant="unstyled">
        <Text size="xs" c="dimmed" mb="xs">
          {ALERTS_TEXT.paymentHint}
        </Text>
        <Switch
          label={ALERTS_TEXT.push}
          checked={current.payment.push}
          disabled={saving || pushOff}
          onChange={(event) => save({ ...current, payment: { push: event.currentTarget.checked } })}
        />
      </Fieldset>
      <Stack gap={4}>
        <Text size="sm" data-testid="alerts-email">
          {preferences.email ? ALERTS_TEXT.emailTo(preferences.email) : ALERT_TEXTS.noEmail}
        </Text>
        <Text size="sm" data-testid="alerts-whatsapp">
          {preferences.whatsapp.available
            ? ALERTS_TEXT.whatsappTo(preferences.phone)
            : preferences.whatsapp.reason}
        </Text>
        <Text size="sm" data-testid="alerts-push">
          {preferences.push.available
            ? ALERTS_TEXT.pushTo(preferences.push.devices)
            : preferences.push.reason}
        </Text>
        <Text size="xs" c="dimmed">
          {ALERTS_TEXT.batching}
        </Text>
      </Stack>
      <Stack gap="xs">
        <Switch
          label={ALERTS_TEXT.quietHours}
          description={ALERTS_TEXT.quietHoursHint}
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
              label={ALERTS_TEXT.from}
              value={quiet.start}
              onChange={(event) => setQuiet({ ...quiet, start: event.currentTarget.value })}
              w={130}
            />
            <TextInput
              type="time"
              label={ALERTS_TEXT.until}
              value={quiet.end}
              onChange={(event) => setQuiet({ ...quiet, end: event.currentTarget.value })}
              w={130}
            />
            <Button onClick={saveQuiet} loading={saving} disabled={!quietChanged}>
              {ALERTS_TEXT.saveQuietHours}
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
