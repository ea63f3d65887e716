import { Button, Group, Select, Stack, Switch } from '@mantine/core';
import { CASE_CHANNELS, CASE_STATUSES, type TCaseAssignee } from '@starloop/contract';
import { plural } from '@starloop/review-page';
import type { Ref } from 'react';
import { en } from '../../../../lib/owner-i18n/en.ts';
import { useOwnerLanguage } from '../../../../lib/owner-i18n/owner-i18n.tsx';
import { useOwnerMessages } from '../../../../lib/owner-i18n/owner-messages.ts';
import type { TInboxFilters, TInboxStatus } from '../inbox-search.ts';

export interface TFiltersBarProps {
  filters: TInboxFilters;
  onChange: <K extends keyof TInboxFilters>(key: K, value: TInboxFilters[K]) => void;
  onClear: () => void;
  /** The branches the person works on (the filter shows only with two or more). */
  branches: readonly { id: number; name: string }[];
  assignees: readonly TCaseAssignee[];
  /** The person's own id ("Assigned to me"), null for none. */
  meId: number | null;
  /** In a row (wide screens) or one under another (the phone's filter sheet). */
  layout: 'row' | 'stack';
  /** The first control, for the `/` shortcut. */
  firstRef?: Ref<HTMLInputElement>;
}

/** The English texts (the catalog's; tests read them). */
export const FILTER_TEXT = en.filters;

const ANY = '';
const optionalNumber = (value: string | null) => (value ? Number(value) : undefined);

/** Counts the filters set beyond the default (open cases of every branch): the phone's Filters button. */
export function activeFilterCount(filters: TInboxFilters): number {
  return [
    filters.status !== 'open',
    filters.businessId !== undefined,
    filters.assigneeId !== undefined,
    filters.rating !== undefined,
    filters.channel !== undefined,
    filters.overdue === true,
  ].filter(Boolean).length;
}

/**
 * The inbox's filters: status, assignee, branch (only the person's branches), rating, channel
 * (where the review came from) and overdue. Each choice goes into the URL at once.
 */
export function FiltersBar({
  filters,
  onChange,
  onClear,
  branches,
  assignees,
  meId,
  layout,
  firstRef,
}: TFiltersBarProps) {
  const messages = useOwnerMessages();
  const { language } = useOwnerLanguage();
  const text = messages.filters;
  const labels = messages.cases;
  const width = layout === 'row' ? 180 : undefined;
  const statusOptions: { value: TInboxStatus; label: string }[] = [
    { value: 'open', label: text.open },
    { value: 'all', label: text.all },
    ...CASE_STATUSES.map((status) => ({ value: status, label: labels.status[status] })),
  ];
  const controls = (
    <>
      <Select
        ref={firstRef}
        label={text.status}
        data={statusOptions}
        value={filters.status}
        allowDeselect={false}
        onChange={(value) => onChange('status', (value ?? 'open') as TInboxStatus)}
        w={layout === 'row' ? 180 : undefined}
      />
      <Select
        label={text.assignee}
        data={[
          { value: ANY, label: text.any },
          ...(meId !== null ? [{ value: String(meId), label: text.me }] : []),
          ...assignees
            .filter((a) => a.personId !== meId)
            .map((a) => ({ value: String(a.personId), label: a.name })),
        ]}
        value={filters.assigneeId === undefined ? ANY : String(filters.assigneeId)}
        allowDeselect={false}
        onChange={(value) => onChange('assigneeId', optionalNumber(value))}
        w={width}
      />
      {branches.length > 1 ? (
        <Select
          label={text.branch}
          data={[
            { value: ANY, label: text.any },
            ...branches.map((b) => ({ value: String(b.id), label: b.name })),
          ]}
          value={filters.businessId === undefined ? ANY : String(filters.businessId)}
          allowDeselect={false}
          onChange={(value) => onChange('businessId', optionalNumber(value))}
          w={width}
        />
      ) : null}
      <Select
        label={text.rating}
        data={[
          { value: ANY, label: text.any },
          ...[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: plural(language, text.stars, n) })),
        ]}
        value={filters.rating === undefined ? ANY : String(filters.rating)}
        allowDeselect={false}
        onChange={(value) => onChange('rating', optionalNumber(value))}
        w={layout === 'row' ? 120 : undefined}
      />
      <Select
        label={text.channel}
        data={[
          { value: ANY, label: text.any },
          ...CASE_CHANNELS.map((channel) => ({ value: channel, label: labels.channel[channel] })),
        ]}
        value={filters.channel ?? ANY}
        allowDeselect={false}
        onChange={(value) =>
          onChange('channel', value ? (value as NonNullable<TInboxFilters['channel']>) : undefined)
        }
        w={width}
      />
      <Switch
        label={text.overdue}
        checked={filters.overdue === true}
        onChange={(event) => onChange('overdue', event.currentTarget.checked ? true : undefined)}
        size="md"
        mt={layout === 'row' ? 'xl' : 'xs'}
      />
      {activeFilterCount(filters) > 0 ? (
        <Button variant="subtle" onClick={onClear} mt={layout === 'row' ? 'lg' : 0}>
          {text.clear}
        </Button>
      ) : null}
    </>
  );
  return layout === 'row' ? (
    <Group gap="sm" align="flex-start" wrap="wrap" role="group" aria-label="Filters">
      {controls}
    </Group>
  ) : (
    <Stack gap="sm" role="group" aria-label="Filters">
      {controls}
    </Stack>
  );
}
