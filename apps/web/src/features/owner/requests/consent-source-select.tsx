import { Select } from '@mantine/core';
import { CONSENT_SOURCES, type TConsentSource } from '@starloop/contract';
import { useRequestTexts } from './request-texts.ts';

/** The ways of agreeing an owner can name (a file import names itself). */
const SOURCES = CONSENT_SOURCES.filter((s) => s !== 'import');

/** "How they agreed": asked once the customer (or every customer of a file) agreed to messages. */
export function ConsentSourceSelect({
  value,
  onChange,
}: {
  value: TConsentSource;
  onChange: (value: TConsentSource) => void;
}) {
  const { t } = useRequestTexts();
  return (
    <Select
      label={t.consentSource}
      data={SOURCES.map((source) => ({ value: source, label: t.labels.consentSource[source] }))}
      value={value}
      onChange={(next) => next && onChange(next as TConsentSource)}
      allowDeselect={false}
    />
  );
}
