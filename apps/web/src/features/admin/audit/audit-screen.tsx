import { Badge, Text } from '@mantine/core';
import type { TAuditEntry } from '@starloop/contract';
import { col, TwoLines } from '../../../components/data-table/columns.tsx';
import type { TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { loadError } from '../../../components/data-table/paged-data-table.tsx';
import { usePagedList } from '../../../components/data-table/use-paged-list.ts';
import { formatDateTime, truncate } from '../../../lib/format.ts';
import { AdminListScreen } from '../shared/admin-list-screen.tsx';
import { auditList } from '../shared/admin-lists.ts';
import { ChoiceFilter, DayFilter } from '../shared/list-filters.tsx';
import { AUDIT_ACTION_FILTERS, AUDIT_ACTOR_FILTERS } from '../shared/list-values.ts';

export const AUDIT_TEXTS = {
  title: 'Audit Log',
  loadFailed: 'Failed to load the audit log. Please try again.',
  emptySearch: 'No entries match these filters.',
  empty: 'Nothing has been recorded yet.',
} as const;

/** 'user.update' reads 'User update'; 'two_factor.enrol' reads 'Two factor enrol'. */
export const actionLabel = (action: string) => {
  const words = action.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const ACTOR_LABELS = { admin: 'Admin', owner: 'Owner', system: 'Command line' } as const;

/** The details as short `key: value` pairs (they never hold secrets). */
export function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => {
      const shown = Array.isArray(value)
        ? value.join(key === 'status' || key === 'role' ? ' → ' : ', ')
        : typeof value === 'object' && value !== null
          ? JSON.stringify(value)
          : String(value);
      return `${key}: ${shown}`;
    })
    .join('; ');
}

/** /admin-dashboard/audit (super admins): who changed what, when and from where. */
export function AuditScreen() {
  const list = usePagedList(auditList);
  const { query, search } = list;
  const data = query.data;
  const entries: readonly TAuditEntry[] = data?.entries ?? [];
  const filtered = Boolean(search.action || search.actorKind || search.from || search.to);

  const columns: TDataTableColumn<TAuditEntry>[] = [
    col.text('when', 'When', (e) => formatDateTime(e.createdAt), { nowrap: true }),
    col.text('who', 'Who', (e) => (
      <TwoLines
        primary={e.actorName ?? (e.actorKind === 'system' ? ACTOR_LABELS.system : `#${e.actorId ?? '-'}`)}
        secondary={`${ACTOR_LABELS[e.actorKind]}${e.actorId === null ? '' : ` #${e.actorId}`}`}
      />
    )),
    col.text('action', 'Action', (e) => (
      <Badge variant="light" color={e.action.startsWith('two_factor') ? 'grape' : 'blue'} tt="none">
        {actionLabel(e.action)}
      </Badge>
    )),
    col.text('target', 'Target', (e) => (e.targetTable ? `${e.targetTable} #${e.targetId ?? '-'}` : '-'), {
      nowrap: true,
    }),
    col.text('ip', 'Address', (e) => e.ip ?? '-', { nowrap: true }),
    col.text('details', 'Details', (e) => {
      const text = detailsText(e.details);
      return (
        <Text size="sm" title={text}>
          {truncate(text, 80) || '-'}
        </Text>
      );
    }),
  ];

  return (
    <AdminListScreen
      title={AUDIT_TEXTS.title}
      cards={[['Entries', data?.meta.total]]}
      list={list}
      label="Audit log"
      columns={columns}
      rows={entries}
      empty={[AUDIT_TEXTS.emptySearch, filtered ? AUDIT_TEXTS.emptySearch : AUDIT_TEXTS.empty]}
      error={loadError(query, { title: AUDIT_TEXTS.loadFailed })}
      searchBox={{ placeholder: 'Search the audit log...', label: 'Search the audit log', debounceMs: 300 }}
      toolbar={
        <>
          <ChoiceFilter
            label="Action"
            all="All actions"
            values={AUDIT_ACTION_FILTERS}
            labelOf={actionLabel}
            {...list.filter('action')}
          />
          <ChoiceFilter
            label="Who"
            all="Anyone"
            values={AUDIT_ACTOR_FILTERS}
            labelOf={(kind) => ACTOR_LABELS[kind]}
            {...list.filter('actorKind')}
          />
          <DayFilter label="From" {...list.filter('from')} />
          <DayFilter label="To" {...list.filter('to')} />
        </>
      }
      minWidth={1000}
    />
  );
}
