import { Select } from '@mantine/core';
import { CONSENT_SOURCES, type TConsentSource } from '@starloop/contract';
import { CONSENT_SOURCE_LABELS } from './request-labels.ts';

/** The ways of agreeing an owner can name (a file import names itself). */
const OPTIONS = CONSENT_SOURCES.filter((s) => s !== 'import').map((value) => ({
  value,
  label: CONSENT_SOURCE_LABELS[value],
}));

/** "How they agreed": asked once the customer (or every customer of a file) agreed to messages. */
export function ConsentSourceSelect({
  value,
  onChange,
}: {
  value: TConsentSource;
  onChange: (value: TConsentSource) => void;
}) {
  return (
    <Select
      label="How they agreed"
      data={OPTIONS}
      value={value}
      onChange={(next) => next && onChange(next as TConsentSource)}
      allowDeselect={false}
    />
  );
}
