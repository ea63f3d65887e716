import { Button, Group, Select, Stack, Text } from '@mantine/core';
import {
  isReviewPageLanguage,
  languageLabel,
  REVIEW_PAGE_LANGUAGES,
  type TOwnerSettings,
  type TReviewPageLanguage,
} from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useState } from 'react';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { useOwner } from '../shared/use-owner.ts';
import { SavedSection } from './saved-note.tsx';
import type { TSettingsSaver } from './use-settings.ts';

/** The review page's languages as the owner reads them: English name, then the language's own. */
export const REVIEW_LANGUAGE_NAMES = Object.fromEntries(
  REVIEW_PAGE_LANGUAGES.map((lang) => [lang, languageLabel(lang)]),
) as Record<TReviewPageLanguage, string>;

/** The Select's value for "no default" (null in the settings). */
export const PHONE_DECIDES = 'phone';
const PREVIEW_OPTIONS = REVIEW_PAGE_LANGUAGES.map((lang) => ({
  value: lang,
  label: REVIEW_LANGUAGE_NAMES[lang],
}));

const isLanguage = (value: string | null): value is TReviewPageLanguage => isReviewPageLanguage(value);

/**
 * The review page's default language, with a preview of the page in any of its languages. The
 * preview is the server's own page in a sandboxed frame: no script runs, nothing can be sent from
 * it, and the server does not count it as a customer's view.
 */
export function ReviewLanguageSection({
  settings,
  saver,
}: {
  settings: TOwnerSettings;
  saver: TSettingsSaver;
}) {
  const owner = useOwner();
  const pending =
    saver.pending && 'reviewPageLanguage' in saver.pending ? saver.pending.reviewPageLanguage : undefined;
  const current = pending !== undefined ? pending : (settings.reviewPageLanguage ?? null);
  const [preview, setPreview] = useState<TReviewPageLanguage>(current ?? 'en');
  /** Loaded on request: the frame is a page of its own. */
  const [showPreview, setShowPreview] = useState(false);
  const code = owner.data?.code;
  const t = useOwnerMessages().settings.reviewLanguage;
  const languageOptions = [{ value: PHONE_DECIDES, label: t.phone }, ...PREVIEW_OPTIONS];

  return (
    <SavedSection
      titleId="review-language-title"
      title={t.title}
      saver={saver}
      field="reviewPageLanguage"
      gap="xs"
    >
      <Stack gap="md">
        <Select
          label={t.label}
          description={t.hint}
          data={languageOptions}
          value={current ?? PHONE_DECIDES}
          allowDeselect={false}
          disabled={saver.saving}
          onChange={(next) => {
            const lang = isLanguage(next) ? next : null;
            if (lang) setPreview(lang);
            saver.save({ reviewPageLanguage: lang });
          }}
        />
        {showPreview ? (
          <>
            <Select
              label={t.previewIn}
              data={PREVIEW_OPTIONS}
              value={preview}
              allowDeselect={false}
              onChange={(next) => {
                if (isLanguage(next)) setPreview(next);
              }}
              maw={280}
            />
            {code ? (
              <iframe
                title={fill(t.frameTitle, { language: REVIEW_LANGUAGE_NAMES[preview] })}
                src={`/review/${encodeURIComponent(code)}?lang=${preview}`}
                sandbox=""
                loading="lazy"
                style={{
                  width: '100%',
                  maxWidth: 420,
                  height: 560,
                  border: '1px solid var(--mantine-color-gray-3)',
                  borderRadius: 'var(--mantine-radius-md)',
                }}
              />
            ) : null}
            <Text size="xs" c="dimmed">
              {t.previewHint}
            </Text>
          </>
        ) : (
          <Group>
            <Button variant="light" onClick={() => setShowPreview(true)}>
              {t.preview}
            </Button>
          </Group>
        )}
      </Stack>
    </SavedSection>
  );
}
