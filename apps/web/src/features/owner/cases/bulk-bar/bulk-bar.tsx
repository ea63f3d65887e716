import { Button, Group, Select, Text } from '@mantine/core';
import type { TCaseAssignee } from '@starloop/contract';
import { plural } from '@starloop/review-page';
import { en } from '../../../../lib/owner-i18n/en.ts';
import { useOwnerLanguage } from '../../../../lib/owner-i18n/owner-i18n.tsx';
import { useOwnerMessages } from '../../../../lib/owner-i18n/owner-messages.ts';

export interface TBulkBarProps {
  /** Cases selected. */
  count: number;
  assignees: readonly TCaseAssignee[];
  /** The person's own id; null (an API key never sees this screen, but a missing answer may) hides "Assign to me". */
  meId: number | null;
  onAssign: (personId: number) => void;
  onResolve: () => void;
  onClear: () => void;
  /** A change is on its way: the actions wait. */
  busy: boolean;
  /** Compact for the phone's bottom bar (no "assign to…" picker: that is in each case). */
  compact?: boolean;
}

/** The English texts (the catalog's; tests read them). */
export const BULK_TEXT = {
  ...en.inboxTools.bulk,
  selected: (n: number) => plural('en', en.inboxTools.bulk.selected, n),
};

/** What can be done to the selected cases at once: assign (to me or someone), resolve with an outcome. */
export function BulkBar({
  count,
  assignees,
  meId,
  onAssign,
  onResolve,
  onClear,
  busy,
  compact,
}: TBulkBarProps) {
  const t = useOwnerMessages().inboxTools.bulk;
  const { language } = useOwnerLanguage();
  return (
    <Group gap="xs" wrap="wrap" role="toolbar" aria-label={t.toolbar}>
      <Text size="sm" fw={600} aria-live="polite">
        {plural(language, t.selected, count)}
      </Text>
      {meId !== null ? (
        <Button size={compact ? 'md' : 'xs'} onClick={() => onAssign(meId)} disabled={busy}>
          {t.assignToMe}
        </Button>
      ) : null}
      {compact ? null : (
        <Select
          aria-label={t.assignTo}
          placeholder={t.assignTo}
          size="xs"
          w={180}
          data={assignees.map((a) => ({ value: String(a.personId), label: a.name }))}
          value={null}
          onChange={(value) => value && onAssign(Number(value))}
          disabled={busy}
          searchable
        />
      )}
      <Button size={compact ? 'md' : 'xs'} variant="light" color="green" onClick={onResolve} disabled={busy}>
        {t.resolve}
      </Button>
      <Button size={compact ? 'md' : 'xs'} variant="subtle" onClick={onClear} disabled={busy}>
        {t.clear}
      </Button>
    </Group>
  );
}
