import { Skeleton, Stack } from '@mantine/core';
import { createContext, type ReactNode, useContext } from 'react';
import { PasswordChangeForm } from '../../../components/password-change-form/password-change-form.tsx';
import { en } from '../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
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
 * the `body` of its section here. The titles here are English; a screen shows them through
 * `useSettingsSectionText`, in the person's language.
 */
const SECTION_TEXT = en.settings.sections;

export const SETTINGS_SECTIONS = [
  {
    slug: 'review-page',
    ...SECTION_TEXT['review-page'],
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
    ...SECTION_TEXT.replies,
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
    ...SECTION_TEXT.channels,
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
    ...SECTION_TEXT.team,
    body: () => <TeamSection />,
  },
  {
    slug: 'developers',
    ...SECTION_TEXT.developers,
    body: () => <IntegrationsSection />,
  },
  {
    slug: 'account',
    ...SECTION_TEXT.account,
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

/** A section's title and description in the person's language. */
export function useSettingsSectionText(): (slug: TSettingsSlug) => { title: string; description: string } {
  const sections = useOwnerMessages().settings.sections;
  return (slug) => sections[slug];
}

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
  const t = useOwnerMessages().settings;
  if (settings.isError) return errorShown ? null : <LoadError title={t.loadFailed} query={settings} />;
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
  const t = useOwnerMessages().settings;
  return (
    <>
      <PasswordChangeForm
        titleId="password-title"
        options={trpc.owner.settings.changePassword.mutationOptions()}
        changed={t.passwordChanged}
      />
      <ExportSection />
      <RetentionSection />
      <CloseAccountSection />
    </>
  );
}
