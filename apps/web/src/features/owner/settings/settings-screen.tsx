import { Skeleton, Stack } from '@mantine/core';
import { LoadError } from '../shared/load-error.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ReviewFlowSection } from './review-flow-section.tsx';
import { TemplatesSection } from './templates-section.tsx';
import { useSettings } from './use-settings.ts';

/** Settings: review flow, notifications, reply templates and password. */
export function SettingsScreen() {
  const { settings, saver } = useSettings();

  return (
    <Stack gap="lg" maw={860}>
      {settings.isError ? (
        <LoadError
          title="Failed to load settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : settings.isPending ? (
        <Stack gap="lg" data-testid="settings-loading">
          <Skeleton height={200} radius="md" />
          <Skeleton height={140} radius="md" />
        </Stack>
      ) : (
        <>
          <ReviewFlowSection settings={settings.data} saver={saver} />
          <NotificationsSection settings={settings.data} saver={saver} />
        </>
      )}
      <TemplatesSection />
      <PasswordSection />
    </Stack>
  );
}
