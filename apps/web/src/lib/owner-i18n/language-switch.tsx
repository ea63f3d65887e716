import { SegmentedControl } from '@mantine/core';
import type { TOwnerLanguage } from '@starloop/contract';
import { useFirstViewMessages, useOwnerLanguage } from './owner-i18n.tsx';

/** English or Hindi for the owner area, for this person on every device. */
export function LanguageSwitch() {
  const t = useFirstViewMessages();
  const { language, setLanguage } = useOwnerLanguage();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t.language.label}
      value={language}
      onChange={(value) => setLanguage(value as TOwnerLanguage)}
      data={[
        { value: 'en', label: <span lang="en">{t.language.english}</span> },
        { value: 'hi', label: <span lang="hi">{t.language.hindi}</span> },
      ]}
    />
  );
}
