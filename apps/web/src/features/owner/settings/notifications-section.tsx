import { Stack, Switch } from '@mantine/core';
import type { TOwnerSettings } from '@starloop/contract';
import { SavedSection } from './saved-note.tsx';
import type { TSettingsSaver } from './use-settings.ts';

/** Emails about low ratings: one per 1-3 star review, or a daily digest of them instead. */
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
          label="Email me for every 1-3 star review"
          description="So you can put things right while the visit is still fresh."
          checked={notifyLowRatings}
          disabled={saver.saving}
          onChange={(event) => saver.save({ notifyLowRatings: event.currentTarget.checked })}
        />
        <Switch
          label="Send a daily digest instead"
          description="One email a day with the day's 1-3 star reviews, instead of one email per review."
          checked={dailyDigest}
          disabled={saver.saving || !notifyLowRatings}
          onChange={(event) => saver.save({ dailyDigest: event.currentTarget.checked })}
        />
      </Stack>
    </SavedSection>
  );
}
