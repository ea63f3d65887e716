import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import { AnchorLink, NavLinkLink } from '../../../components/router-links.tsx';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { usePhoneLayout } from '../../../lib/phone-layout.ts';
import { consentReturn } from '../google/google-section.tsx';
import { LoadError } from '../shared/load-error.tsx';
import {
  SETTINGS_SECTIONS,
  SettingsErrorShown,
  settingsSectionOf,
  type TSettingsSection,
  useSettingsSectionText,
} from './settings-sections.tsx';
import { useSettings } from './use-settings.ts';

/**
 * /dashboard/settings: the sections' index (issue 34). On a desktop every section follows it on
 * the one page, as before; on a phone each section is its own page (/dashboard/settings/{slug}).
 * Back from Google's consent page (`?code=&state=`) a phone shows the Channels section, which
 * finishes the connection.
 */
export function SettingsScreen() {
  const phone = usePhoneLayout();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  // Read once: the Google section takes the code out of the address bar, the section stays.
  const [backFromGoogle] = useState(() => consentReturn(search) !== undefined);
  const shown = phone
    ? SETTINGS_SECTIONS.filter((section) => backFromGoogle && section.slug === 'channels')
    : SETTINGS_SECTIONS;
  // The whole page's sections bound to owner.settings load (or fail) once, said here once.
  const { settings } = useSettings();
  const whole = shown.length > 1;
  const t = useOwnerMessages().settings;

  return (
    <Stack gap="lg" maw={860}>
      <SettingsIndex phone={phone} />
      {whole && settings.isError ? <LoadError title={t.loadFailed} query={settings} /> : null}
      {whole && settings.isPending ? (
        <Stack gap="lg" data-testid="settings-loading">
          <Skeleton height={200} radius="md" />
          <Skeleton height={140} radius="md" />
        </Stack>
      ) : null}
      <SettingsErrorShown value={whole}>
        {shown.map((section) => (
          <Fragment key={section.slug}>{section.body()}</Fragment>
        ))}
      </SettingsErrorShown>
      {/* Components not yet in a section (settings-sections.tsx) mount here, on the desktop page. */}
    </Stack>
  );
}

/** The sections, each a link to its own page: a list of cards on a phone, a grid on a desktop. */
function SettingsIndex({ phone }: { phone: boolean }) {
  const t = useOwnerMessages().settings;
  const textOf = useSettingsSectionText();
  return (
    <nav aria-label={t.index}>
      <SimpleGrid cols={phone ? 1 : { base: 1, sm: 2, md: 3 }} spacing="xs">
        {SETTINGS_SECTIONS.map((section) => (
          <NavLinkLink
            key={section.slug}
            to="/dashboard/settings/$section"
            params={{ section: section.slug }}
            label={textOf(section.slug).title}
            description={textOf(section.slug).description}
            styles={{
              root: {
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 8,
                background: 'var(--mantine-color-body)',
              },
            }}
          />
        ))}
      </SimpleGrid>
    </nav>
  );
}

/** /dashboard/settings/{slug}: one section, on a page of its own. */
export function SettingsSectionScreen({ section }: { section: TSettingsSection }) {
  const t = useOwnerMessages().settings;
  const text = useSettingsSectionText()(section.slug);
  return (
    <Stack gap="lg" maw={860}>
      <Stack gap={2}>
        <AnchorLink to="/dashboard/settings" size="sm">
          {t.allSettings}
        </AnchorLink>
        <Title order={2} size="h3">
          {text.title}
        </Title>
        <Text size="sm" c="dimmed">
          {text.description}
        </Text>
      </Stack>
      {section.body()}
    </Stack>
  );
}

/** The route's component: the section its address names (the route has checked it exists). */
export function SettingsSectionRoute({ section }: { section: string }) {
  const found = settingsSectionOf(section);
  return found ? <SettingsSectionScreen section={found} /> : null;
}
