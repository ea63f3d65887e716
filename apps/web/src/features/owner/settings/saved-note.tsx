import { Text } from '@mantine/core';
import type { TOwnerSettings } from '@starloop/contract';
import type { TSettingsSaver } from './use-settings.ts';

/** 'Saving...' / 'Saved' beside a section title, for the fields that section owns. */
export function SavedNote({
  saver,
  field,
}: {
  saver: TSettingsSaver;
  field: keyof TOwnerSettings | (keyof TOwnerSettings)[];
}) {
  const fields = Array.isArray(field) ? field : [field];
  const saving = saver.pending !== undefined && fields.some((f) => f in (saver.pending ?? {}));
  const saved = !saving && saver.lastSaved.some((f) => fields.includes(f));
  return (
    <Text size="xs" c={saved ? 'green.8' : 'dimmed'} role="status" aria-live="polite">
      {saving ? 'Saving...' : saved ? 'Saved' : ''}
    </Text>
  );
}
