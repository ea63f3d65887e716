import '@mantine/charts/styles.css';
import { Sparkline } from '@mantine/charts';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  BRANCH_FIGURE_COLUMNS,
  type TBranchFigures,
  type TBranchFiguresAnswer,
  type TBranchFiguresExport,
} from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import type { TSortState } from '../../../components/data-table/sort.ts';
import { notify } from '../../../components/notify.ts';
import { anyMessage } from '../../../lib/api-errors.ts';
import { getToken } from '../../../lib/auth.ts';
import { downloadFile } from '../../../lib/download.ts';
import { formatNumber } from '../../../lib/format.ts';
import { en } from '../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AddBranchButton } from './add-branch-dialog.tsx';
import { branchName } from './branch-filter.tsx';
import { BranchRequests } from './branch-requests.tsx';
import { BranchReviews } from './branch-reviews.tsx';

type TBranchRow = TBranchFiguresAnswer['branches'][number];
type TSortKey = 'branch' | keyof TBranchFigures;

/** The English texts (the catalog's; tests read them). */
export const ALL_BRANCHES_TEXT = en.branches;

const percent = (share: number) => `${Math.round(share * 100)}%`;
const rating = (value: number, reviews: number) => (reviews > 0 ? value.toFixed(1) : '—');

/** How each kind of figure reads on screen (the files keep the numbers). */
const SHOW = {
  count: (value: number) => formatNumber(value),
  rating: (value: number, f: TBranchFigures) => rating(value, f.reviews),
  share: (value: number) => percent(value),
} as const;

/** The comparison's columns: the contract's (headers in the catalog's words), and how each figure reads. */
const FIGURES = BRANCH_FIGURE_COLUMNS.map(({ key, kind }) => ({
  key,
  show: (f: TBranchFigures) => SHOW[kind](f[key], f),
}));

const branchLabel = (b: TBranchRow) => branchName(b);

/**
 * GET /api/v1/account/branches/export with the owner's token: the file is fetched, then saved from
 * a blob URL.
 */
export async function downloadBranchFigures(query: TBranchFiguresExport): Promise<void> {
  const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v) as [string, string][]);
  await downloadFile(
    `/api/v1/account/branches/export?${params}`,
    getToken('owner') ?? null,
    `branches.${query.format}`,
  );
}

const DAY_MS = 86_400_000;

/**
 * A branch's reviews per period over the whole range, periods without reviews as 0 (the answer
 * leaves them out): one value per day, or per week from the Monday on or before `from`.
 */
export function trendSeries(
  answer: Pick<TBranchFiguresAnswer, 'from' | 'to' | 'trendUnit'>,
  branch: TBranchRow,
): number[] {
  const byDay = new Map(branch.trend.map((p) => [p.day, p.reviews]));
  const step = answer.trendUnit === 'week' ? 7 * DAY_MS : DAY_MS;
  let at = Date.parse(`${answer.from}T00:00:00Z`);
  // Weeks start on Monday (getUTCDay: 0 is Sunday).
  if (answer.trendUnit === 'week') at -= ((new Date(at).getUTCDay() + 6) % 7) * DAY_MS;
  const end = Date.parse(`${answer.to}T00:00:00Z`);
  const series: number[] = [];
  for (; at <= end; at += step) series.push(byDay.get(new Date(at).toISOString().slice(0, 10)) ?? 0);
  return series;
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
 * (owner.account.branches), with the totals, sortable by any column and downloadable as CSV or XLSX;
 * below it, the reviews of every branch.
 */
export function AllBranchesScreen() {
  const t = useOwnerMessages().branches;
  const trpc = useTrpc();
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const [draft, setDraft] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const [sort, setSort] = useState<TSortState<TSortKey> | null>(null);
  const figures = useQuery(trpc.owner.account.branches.queryOptions(range));
  const data = figures.data;

  const columns: TDataTableColumn<TBranchRow, TSortKey>[] = [
    { key: 'branch', header: t.branch, sortKey: 'branch', render: (b) => branchLabel(b) },
    {
      key: 'trend',
      header: t.trend,
      render: (b) =>
        data ? (
          <Sparkline
            w={96}
            h={28}
            data={trendSeries(data, b)}
            curveType="linear"
            fillOpacity={0.2}
            aria-label={fill(t.trendOf, { branch: branchLabel(b) })}
          />
        ) : null,
    },
    ...FIGURES.map(({ key, show }) => ({
      key,
      header: t.figures[key],
      sortKey: key,
      align: 'right' as const,
      nowrap: true,
      render: (b: TBranchRow) => show(b.figures),
    })),
  ];

  const account = useQuery(trpc.owner.account.get.queryOptions(undefined, { staleTime: 60_000 }));
  const download = async (format: 'csv' | 'xlsx') => {
    try {
      await downloadBranchFigures({ ...range, format });
    } catch {
      notify.error(t.exportFailed);
    }
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
            label={t.from}
            value={draft.from}
            onChange={(e) => {
              const from = e.currentTarget.value;
              setDraft((d) => ({ ...d, from }));
            }}
          />
          <TextInput
            type="date"
            label={t.to}
            value={draft.to}
            onChange={(e) => {
              const to = e.currentTarget.value;
              setDraft((d) => ({ ...d, to }));
            }}
          />
          <Button type="submit" variant="light">
            {t.apply}
          </Button>
          <Button variant="default" onClick={() => void download('csv')} disabled={!data}>
            {t.exportCsv}
          </Button>
          <Button variant="default" onClick={() => void download('xlsx')} disabled={!data}>
            {t.exportXlsx}
          </Button>
        </Group>
      </form>
      {data ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {FIGURES.slice(0, 4).map(({ key, show }) => (
            <Paper key={key} withBorder p="sm" radius="md" role="region" aria-label={t.figures[key]}>
              <Text size="xs" c="dimmed">
                {t.figures[key]}
              </Text>
              <Text fw={600}>{show(data.totals)}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      ) : null}
      {data ? (
        <Text size="sm" c="dimmed">
          {fill(t.range, { from: data.from, to: data.to })}
        </Text>
      ) : null}
      <DataTable
        label={t.table}
        columns={columns}
        rows={data ? sortRows(data.branches, sort) : []}
        rowKey={(b) => b.id}
        loading={figures.isPending}
        emptyText={t.empty}
        error={
          figures.isError
            ? { message: anyMessage(figures.error), onRetry: () => void figures.refetch() }
            : null
        }
        sort={sort}
        onSortChange={setSort}
        minWidth={900}
      />
      {account.data ? <BranchReviews branches={account.data.branches} /> : null}
      {account.data && account.data.role !== 'staff' ? (
        <BranchRequests branches={account.data.branches} />
      ) : null}
    </Stack>
  );
}
