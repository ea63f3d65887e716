import { Skeleton, Stack } from '@mantine/core';
import { createContext, type ReactNode, useContext } from 'react';
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
import type { TSettingsSlug } from './settings-slugs.ts';
import { TeamSection } from './team-section.tsx';
import { TemplatesSection } from './templates-section.tsx';
import { type TSettingsSaver, useSettings } from './use-settings.ts';

/**
 * Settings in sections (issue 34), each its own page under /dashboard/settings/{slug} that fits a
 * phone's screen; /dashboard/settings lists them (and on a desktop shows them all, one after the
 * other, as before). THE one list of what each section holds: a new settings component goes into
 * the `body` of its section here.
 */
export const SETTINGS_SECTIONS = [
  {
    slug: 'review-page',
    title: 'Review page',
    description: 'What customers see after they rate you, and the page language.',
    body: () => (
      <WithSettings>
        {(settings, saver) => (
          <>
            <ReviewFlowSection settings={settings} saver={saver} />
            <ReviewLanguageSection settings={settings} saver={saver} />
          </>
        )}
      </WithSettings>
    ),
  },
  {
    slug: 'replies',
    title: 'Replies',
    description: 'Alerts about new feedback, the daily digest and your reply templates.',
    body: () => (
      <>
        <WithSettings>
          {(settings, saver) => <NotificationsSection settings={settings} saver={saver} />}
        </WithSettings>
        {/* Each person's own: shown to everyone in the team, whatever their role. */}
        <AlertsSection />
        <TemplatesSection />
      </>
    ),
  },
  {
    slug: 'channels',
    title: 'Channels',
    description: 'Google Business Profile, WhatsApp and SMS (DLT) for your messages.',
    body: () => (
      <>
        {/* Hidden when the server has no Google credentials. */}
        <GoogleSection />
        <ChannelsSection />
      </>
    ),
  },
  {
    slug: 'team',
    title: 'Team',
    description: 'Managers and staff, and the branches they work on.',
    body: () => <TeamSection />,
  },
  {
    slug: 'developers',
    title: 'Integrations for developers',
    description: 'API keys and webhooks.',
    body: () => <IntegrationsSection />,
  },
  {
    slug: 'account',
    title: 'Account',
    description: 'Your password, a copy of your data, how long customer data is kept, closing the account.',
    body: () => <AccountSettings />,
  },
] as const satisfies readonly TSettingsSection[];

export interface TSettingsSection {
  slug: TSettingsSlug;
  title: string;
  description: string;
  body: () => ReactNode;
}

export const settingsSectionOf = (slug: string): TSettingsSection | undefined =>
  SETTINGS_SECTIONS.find((section) => section.slug === slug);

/**
 * Set by a page that shows several sections bound to owner.settings and says once itself when they
 * cannot load (the desktop's whole Settings page): the sections then say nothing more.
 */
export const SettingsErrorShown = createContext(false);

/** The sections bound to owner.settings (review flow, language, notifications): loading, error, then them. */
function WithSettings({
  children,
}: {
  children: (
    settings: NonNullable<ReturnType<typeof useSettings>['settings']['data']>,
    saver: TSettingsSaver,
  ) => ReactNode;
}) {
  const { settings, saver } = useSettings();
  const errorShown = useContext(SettingsErrorShown);
  if (settings.isError)
    return errorShown ? null : <LoadError title="Failed to load settings" query={settings} />;
  if (settings.isPending && errorShown) return null;
  if (settings.isPending)
    return (
      <Stack gap="lg" data-testid="settings-loading">
        <Skeleton height={200} radius="md" />
        <Skeleton height={140} radius="md" />
      </Stack>
    );
  return <>{children(settings.data, saver)}</>;
}

/** The signed-in person's password; the server signs out their other devices. */
function AccountSettings() {
  const trpc = useTrpc();
  return (
    <>
      <PasswordChangeForm
        titleId="password-title"
        options={trpc.owner.settings.changePassword.mutationOptions()}
        changed="Password changed. Other devices have been signed out."
      />
      <ExportSection />
      <RetentionSection />
      <CloseAccountSection />
    </>
  );
}
