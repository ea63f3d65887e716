import { Badge, Text } from '@mantine/core';
import { type TStaffLeaderboardRow, ZStaffLeaderboardInput } from '@starloop/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { formatDate, formatNumber, formatPercent, formatRating } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { lastDays, presetRange, type TDayRange, todayInIndia } from '../by-placement/placement-range.ts';

const COLUMNS: TDataTableColumn<TStaffLeaderboardRow>[] = [
  {
    key: 'rank',
    header: 'Rank',
    render: (row) =>
      row.rank === 1 && row.reviews > 0 ? (
        <Badge color="yellow" variant="light" aria-label="Rank 1">
          1
        </Badge>
      ) : (
        String(row.rank)
      ),
  },
  {
    key: 'name',
    header: 'Staff member',
    render: (row) => (
      <Text size="sm" fw={500}>
        {row.placement.name}
      </Text>
    ),
  },
  { key: 'reviews', header: 'Reviews', align: 'right', render: (row) => formatNumber(row.reviews) },
  {
    key: 'average',
    header: 'Average',
    align: 'right',
    render: (row) => (row.averageRating === null ? '-' : formatRating(row.averageRating)),
  },
  {
    key: 'positive',
    header: '4-5 stars',
    align: 'right',
    render: (row) => (row.positiveShare === null ? '-' : formatPercent(row.positiveShare * 100)),
  },
  { key: 'cases', header: 'Cases', align: 'right', render: (row) => formatNumber(row.cases) },
];

/**
 * The dashboard's staff leaderboard: each staff member's own QR code (placements of kind staff)
 * over the dashboard's range, ranked by 4-5 star reviews, then average. Shown only when the branch
 * has staff placements; people who may not see placement figures (staff) are not shown it.
 */
export function StaffLeaderboard() {
  const trpc = useTrpc();
  const today = useMemo(() => todayInIndia(), []);
  // The same range as By placement (the dashboard's URL).
  const search = useSearch({ from: '/_app/dashboard/' });
  const defaults = lastDays(30, today);
  const custom: TDayRange = { from: search.from || defaults.from, to: search.to || defaults.to };
  const range = presetRange(search.range, today, custom);
  const valid = ZStaffLeaderboardInput.safeParse(range).success;
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
      title="Staff leaderboard"
      description={`${formatDate(`${board.data!.from}T00:00:00`)} to ${formatDate(`${board.data!.to}T00:00:00`)}. Reviews through each staff member's own QR code, ranked by 4-5 star reviews, then average. Cases are the feedback cases their reviews opened.`}
    >
      <DataTable
        label="Staff leaderboard"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.placement.id}
        stale={board.isPlaceholderData}
        emptyText="No staff placements."
        minWidth={520}
      />
    </SectionCard>
  );
}
