import { Skeleton, Stack } from '@mantine/core';
import { PasswordChangeForm } from '../../../components/password-change-form/password-change-form.tsx';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { GoogleSection } from '../google/google-section.tsx';
import { LoadError } from '../shared/load-error.tsx';
import { AlertsSection } from './alerts/alerts-section.tsx';
import { ChannelsSection } from './channels-section.tsx';
import { CloseAccountSection } from './close-account/close-account-section.tsx';
import { ExportSection } from './export/export-section.tsx';
import { IntegrationsSection } from './integrations-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { RetentionSection } from './retention/retention-section.tsx';
import { ReviewFlowSection } from './review-flow-section.tsx';
import { ReviewLanguageSection } from './review-language-section.tsx';
import { TeamSection } from './team-section.tsx';
import { TemplatesSection } from './templates-section.tsx';
import { useSettings } from './use-settings.ts';

/** Settings: review flow, review page language, notifications, your alerts, Google, reply templates and password. */
export function SettingsScreen() {
  const trpc = useTrpc();
  const { settings, saver } = useSettings();

  return (
    <Stack gap="lg" maw={860}>
      {settings.isError ? (
        <LoadError title="Failed to load settings" query={settings} />
      ) : settings.isPending ? (
        <Stack gap="lg" data-testid="settings-loading">
          <Skeleton height={200} radius="md" />
          <Skeleton height={140} radius="md" />
        </Stack>
      ) : (
        <>
          <ReviewFlowSection settings={settings.data} saver={saver} />
          <ReviewLanguageSection settings={settings.data} saver={saver} />
          <NotificationsSection settings={settings.data} saver={saver} />
        </>
      )}
      {/* Each person's own: shown to everyone in the team, whatever their role. */}
      <AlertsSection />
      {/* Hidden when the server has no Google credentials. */}
      <GoogleSection />
      <ChannelsSection />
      <TeamSection />
      <IntegrationsSection />
      <TemplatesSection />
      <ExportSection />
      {/* The server signs out the owner's other devices. */}
      <PasswordChangeForm
        titleId="password-title"
        options={trpc.owner.settings.changePassword.mutationOptions()}
        changed="Password changed. Other devices have been signed out."
      />
      <RetentionSection />
      <CloseAccountSection />
    </Stack>
  );
}
