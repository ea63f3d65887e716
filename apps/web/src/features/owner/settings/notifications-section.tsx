import { Stack, Switch } from '@mantine/core';
import type { TOwnerSettings } from '@starloop/contract';
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
  return (
    <SavedSection
      titleId="notifications-title"
      title="Notifications"
      saver={saver}
      field={['notifyLowRatings', 'dailyDigest']}
    >
      <Stack gap="md">
        <Switch
          label="Alert the team about every new feedback case"
          description="A 1-3 star review opens a case: its alert goes at once, by email or WhatsApp as each person chose under Alerts, so you can put things right while the visit is still fresh."
          checked={notifyLowRatings}
          disabled={saver.saving}
          onChange={(event) => saver.save({ notifyLowRatings: event.currentTarget.checked })}
        />
        <Switch
          label="Send a daily digest instead"
          description="One email a day with the day's 1-3 star reviews, instead of an alert per case."
          checked={dailyDigest}
          disabled={saver.saving || !notifyLowRatings}
          onChange={(event) => saver.save({ dailyDigest: event.currentTarget.checked })}
        />
      </Stack>
    </SavedSection>
  );
}
