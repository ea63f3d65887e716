import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { TBranchFigures, TBranchFiguresAnswer } from '@starloop/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import type { TSortState } from '../../../components/data-table/sort.ts';
import { anyMessage } from '../../../lib/api-errors.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AddBranchButton } from './add-branch-dialog.tsx';

type TBranchRow = TBranchFiguresAnswer['branches'][number];
type TSortKey = 'branch' | keyof TBranchFigures;

export const ALL_BRANCHES_TEXT = {
  from: 'From',
  to: 'To',
  apply: 'Show',
  export: 'Download CSV',
  empty: 'No branches to compare.',
  totals: 'All branches',
} as const;

const percent = (share: number) => `${Math.round(share * 100)}%`;
const rating = (value: number, reviews: number) => (reviews > 0 ? value.toFixed(1) : '—');

/** The comparison's columns: label, how a figure reads, and the value it sorts and exports by. */
const FIGURES: { key: keyof TBranchFigures; header: string; show: (f: TBranchFigures) => string }[] = [
  { key: 'reviews', header: 'Reviews', show: (f) => formatNumber(f.reviews) },
  { key: 'averageRating', header: 'Average', show: (f) => rating(f.averageRating, f.reviews) },
  { key: 'positiveShare', header: '4-5 stars', show: (f) => percent(f.positiveShare) },
  { key: 'lowRatings', header: 'Low ratings', show: (f) => formatNumber(f.lowRatings) },
  { key: 'replyRate', header: 'Reply rate', show: (f) => percent(f.replyRate) },
  { key: 'requestConversion', header: 'Requests converted', show: (f) => percent(f.requestConversion) },
  { key: 'scans', header: 'Scans', show: (f) => formatNumber(f.scans) },
  { key: 'scanConversion', header: 'Scans converted', show: (f) => percent(f.scanConversion) },
];

const branchLabel = (b: TBranchRow) => (b.city ? `${b.businessName}, ${b.city}` : b.businessName);

/** The table as CSV (the figures as numbers, a header row, the totals last). */
export function branchesCsv(answer: TBranchFiguresAnswer): string {
  const cell = (value: string | number) => {
    const text = String(value);
    const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
    return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const line = (label: string, code: string, f: TBranchFigures) =>
    [label, code, ...FIGURES.map(({ key }) => f[key])].map(cell).join(',');
  return [
    ['Branch', 'Code', ...FIGURES.map((f) => f.header)].map(cell).join(','),
    ...answer.branches.map((b) => line(branchLabel(b), b.code, b.figures)),
    line(ALL_BRANCHES_TEXT.totals, '', answer.totals),
  ].join('\n');
}

function sortRows(rows: readonly TBranchRow[], sort: TSortState<TSortKey> | null): TBranchRow[] {
  if (!sort) return [...rows];
  const value = (row: TBranchRow) => (sort.column === 'branch' ? branchLabel(row) : row.figures[sort.column]);
  const sign = sort.order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    return (typeof x === 'string' ? x.localeCompare(String(y)) : Number(x) - Number(y)) * sign || a.id - b.id;
  });
}

/**
 * /dashboard/branches: every branch the person can see side by side over a range of IST days
 * (owner.account.branches), with the totals, sortable by any column and downloadable as CSV.
 */
export function AllBranchesScreen() {
  const trpc = useTrpc();
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const [draft, setDraft] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const [sort, setSort] = useState<TSortState<TSortKey> | null>(null);
  const figures = useQuery(trpc.owner.account.branches.queryOptions(range));
  const data = figures.data;

  const columns: TDataTableColumn<TBranchRow, TSortKey>[] = [
    { key: 'branch', header: 'Branch', sortKey: 'branch', render: (b) => branchLabel(b) },
    ...FIGURES.map(({ key, header, show }) => ({
      key,
      header,
      sortKey: key,
      align: 'right' as const,
      nowrap: true,
      render: (b: TBranchRow) => show(b.figures),
    })),
  ];

  const download = () => {
    if (!data) return;
    const blob = new Blob([branchesCsv(data)], { type: 'text/csv;charset=utf-8' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `branches-${data.from}-to-${data.to}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <Stack gap="lg">
      <AddBranchButton />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setRange({ ...(draft.from ? { from: draft.from } : {}), ...(draft.to ? { to: draft.to } : {}) });
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            type="date"
            label={ALL_BRANCHES_TEXT.from}
            value={draft.from}
            onChange={(e) => {
              const from = e.currentTarget.value;
              setDraft((d) => ({ ...d, from }));
            }}
          />
          <TextInput
            type="date"
            label={ALL_BRANCHES_TEXT.to}
            value={draft.to}
            onChange={(e) => {
              const to = e.currentTarget.value;
              setDraft((d) => ({ ...d, to }));
            }}
          />
          <Button type="submit" variant="light">
            {ALL_BRANCHES_TEXT.apply}
          </Button>
          <Button variant="default" onClick={download} disabled={!data}>
            {ALL_BRANCHES_TEXT.export}
          </Button>
        </Group>
      </form>
      {data ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {FIGURES.slice(0, 4).map(({ key, header, show }) => (
            <Paper key={key} withBorder p="sm" radius="md" role="region" aria-label={header}>
              <Text size="xs" c="dimmed">
                {header}
              </Text>
              <Text fw={600}>{show(data.totals)}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      ) : null}
      {data ? (
        <Text size="sm" c="dimmed">
          {data.from} to {data.to} (IST)
        </Text>
      ) : null}
      <DataTable
        label="Branches"
        columns={columns}
        rows={data ? sortRows(data.branches, sort) : []}
        rowKey={(b) => b.id}
        loading={figures.isPending}
        emptyText={ALL_BRANCHES_TEXT.empty}
        error={
          figures.isError
            ? { message: anyMessage(figures.error), onRetry: () => void figures.refetch() }
            : null
        }
        sort={sort}
        onSortChange={setSort}
        minWidth={900}
      />
    </Stack>
  );
}
