import { Badge, Text } from '@mantine/core';
import { dayRangeProblem, type TStaffLeaderboardRow } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { formatDate, formatNumber, formatPercent, formatRating } from '../../../lib/format.ts';
import type { TOwnerMessages } from '../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { lastDays, presetRange, type TDayRange, todayInIndia } from '../by-placement/placement-range.ts';

type TStaffText = TOwnerMessages['dashboard']['staff'];

const columns = (t: TStaffText): TDataTableColumn<TStaffLeaderboardRow>[] => [
  {
    key: 'rank',
    header: t.rank,
    render: (row) =>
      row.rank === 1 && row.reviews > 0 ? (
        <Badge color="yellow" variant="light" aria-label={fill(t.rankOf, { n: 1 })}>
          1
        </Badge>
      ) : (
        String(row.rank)
      ),
  },
  {
    key: 'name',
    header: t.member,
    render: (row) => (
      <Text size="sm" fw={500}>
        {row.placement.name}
      </Text>
    ),
  },
  { key: 'reviews', header: t.reviews, align: 'right', render: (row) => formatNumber(row.reviews) },
  {
    key: 'average',
    header: t.average,
    align: 'right',
    render: (row) => (row.averageRating === null ? '-' : formatRating(row.averageRating)),
  },
  {
    key: 'positive',
    header: t.positive,
    align: 'right',
    render: (row) => (row.positiveShare === null ? '-' : formatPercent(row.positiveShare * 100)),
  },
  { key: 'cases', header: t.cases, align: 'right', render: (row) => formatNumber(row.cases) },
];

/**
 * The dashboard's staff leaderboard: each staff member's own QR code (placements of kind staff)
 * over the dashboard's range, ranked by 4-5 star reviews, then average. Shown only when the branch
 * has staff placements; people who may not see placement figures (staff) are not shown it.
 */
export function StaffLeaderboard() {
  const t = useOwnerMessages().dashboard.staff;
  const cols = useMemo(() => columns(t), [t]);
  const trpc = useTrpc();
  const today = useMemo(() => todayInIndia(), []);
  // The same range as By placement (the dashboard's URL).
  const search = useSearch({ from: '/_app/dashboard/' });
  const defaults = lastDays(30, today);
  const custom: TDayRange = { from: search.from || defaults.from, to: search.to || defaults.to };
  const range = presetRange(search.range, today, custom);
  const valid = dayRangeProblem(range) === null;
  const account = useQuery(trpc.owner.account.get.queryOptions(undefined, { staleTime: 60_000 }));
  const mayRead = account.data !== undefined && account.data.role !== 'staff';
  const board = useQuery(
    trpc.owner.placements.staffLeaderboard.queryOptions(range, {
      enabled: valid && mayRead,
      placeholderData: keepPreviousData,
    }),
  );
  const rows = board.data?.rows ?? [];
  if (!mayRead || rows.length === 0) return null;
  return (
    <SectionCard
      titleId="staff-leaderboard-title"
      title={t.title}
      description={fill(t.description, {
        from: formatDate(`${board.data!.from}T00:00:00`),
        to: formatDate(`${board.data!.to}T00:00:00`),
      })}
    >
      <DataTable
        label={t.title}
        columns={cols}
        rows={rows}
        rowKey={(row) => row.placement.id}
        stale={board.isPlaceholderData}
        emptyText={t.empty}
        minWidth={520}
      />
    </SectionCard>
  );
}
