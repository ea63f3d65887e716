import { Text } from '@mantine/core';
import type { TOwnerSettings } from '@starloop/contract';
import { SectionCard, type TSectionCardProps } from '../../../components/section-card/section-card.tsx';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import type { TSettingsSaver } from './use-settings.ts';

interface TSavedNoteProps {
  saver: TSettingsSaver;
  field: keyof TOwnerSettings | (keyof TOwnerSettings)[];
}

/** 'Saving...' / 'Saved' beside a section title, for the fields that section owns. */
export function SavedNote({ saver, field }: TSavedNoteProps) {
  const fields = Array.isArray(field) ? field : [field];
  const saving = saver.pending !== undefined && fields.some((f) => f in (saver.pending ?? {}));
  const saved = !saving && saver.lastSaved.some((f) => fields.includes(f));
  const t = useOwnerMessages().settings;
  return (
    <Text size="xs" c={saved ? 'green.8' : 'dimmed'} role="status" aria-live="polite">
      {saving ? t.saving : saved ? t.saved : ''}
    </Text>
  );
}

/** A settings section saved as the owner changes it: its title with the SavedNote of its fields. */
export function SavedSection({ saver, field, ...props }: Omit<TSectionCardProps, 'aside'> & TSavedNoteProps) {
  return <SectionCard aside={<SavedNote saver={saver} field={field} />} {...props} />;
}
