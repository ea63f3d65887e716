import { Stack, Switch } from '@mantine/core';
import type { TOwnerSettings } from '@starloop/contract';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { SavedSection } from './saved-note.tsx';
import type { TSettingsSaver } from './use-settings.ts';

/**
 * The branch's switch for alerts about its new feedback cases (each person's channels and quiet
 * hours are theirs, under Alerts), or a daily digest of its low ratings instead.
 */
export function NotificationsSection({
  settings,
  saver,
}: {
  settings: TOwnerSettings;
  saver: TSettingsSaver;
}) {
  const notifyLowRatings = saver.pending?.notifyLowRatings ?? settings.notifyLowRatings;
  const dailyDigest = saver.pending?.dailyDigest ?? settings.dailyDigest;
  const t = useOwnerMessages().settings.notifications;
  return (
    <SavedSection
      titleId="notifications-title"
      title={t.title}
      saver={saver}
      field={['notifyLowRatings', 'dailyDigest']}
    >
      <Stack gap="md">
        <Switch
          label={t.newCase}
          description={t.newCaseHint}
          checked={notifyLowRatings}
          disabled={saver.saving}
          onChange={(event) => saver.save({ notifyLowRatings: event.currentTarget.checked })}
        />
        <Switch
          label={t.digest}
          description={t.digestHint}
          checked={dailyDigest}
          disabled={saver.saving || !notifyLowRatings}
          onChange={(event) => saver.save({ dailyDigest: event.currentTarget.checked })}
        />
      </Stack>
    </SavedSection>
  );
}
