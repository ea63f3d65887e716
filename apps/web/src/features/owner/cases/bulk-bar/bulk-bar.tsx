import { Button, Group, Select, Text } from '@mantine/core';
import type { TCaseAssignee } from '@starloop/contract';

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

export const BULK_TEXT = {
  selected: (n: number) => `${n} selected`,
  assignToMe: 'Assign to me',
  assignTo: 'Assign to…',
  resolve: 'Resolve…',
  clear: 'Clear selection',
} as const;

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
  return (
    <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Selected cases">
      <Text size="sm" fw={600} aria-live="polite">
        {BULK_TEXT.selected(count)}
      </Text>
      {meId !== null ? (
        <Button size={compact ? 'md' : 'xs'} onClick={() => onAssign(meId)} disabled={busy}>
          {BULK_TEXT.assignToMe}
        </Button>
      ) : null}
      {compact ? null : (
        <Select
          aria-label={BULK_TEXT.assignTo}
          placeholder={BULK_TEXT.assignTo}
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
        {BULK_TEXT.resolve}
      </Button>
      <Button size={compact ? 'md' : 'xs'} variant="subtle" onClick={onClear} disabled={busy}>
        {BULK_TEXT.clear}
      </Button>
    </Group>
  );
}
