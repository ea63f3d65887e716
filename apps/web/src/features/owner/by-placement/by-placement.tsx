import { Group, SegmentedControl, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import {
  dayRangeProblem,
  type TPlacementFigures,
  type TPlacementStats,
  type TPlacementStatsRow,
} from '@starloop/contract';
import { fill, plural } from '@starloop/review-page';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ChangeEvent, lazy, Suspense, useMemo } from 'react';
import { DataTable, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { loadState } from '../../../components/data-table/paged-data-table.tsx';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { formatDate, formatNumber, formatPercent, formatRating } from '../../../lib/format.ts';
import { enFirst, type TOwnerFirstMessages } from '../../../lib/owner-i18n/en-first.ts';
import { useFirstViewMessages, useOwnerLanguage } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { RANGE_PRESET_VALUES, type TRangePreset } from '../dashboard/dashboard-search.ts';
import { LoadError } from '../shared/load-error.tsx';
import { placementLabel } from './placement-label.ts';
import { lastDays, presetRange, RANGE_PRESETS, type TDayRange, todayInIndia } from './placement-range.ts';

// The chart (recharts) loads after the table: numbers first.
const ByPlacementChart = lazy(() =>
  import('./by-placement-chart.tsx').then((m) => ({ default: m.ByPlacementChart })),
);

/** A row of the table: one placement, or the totals ('All placements'). */
export interface TByPlacementRow extends TPlacementFigures {
  rowKey: string;
  label: string;
  deleted: boolean;
  total: boolean;
}

type TPlacementText = TOwnerFirstMessages['dashboard']['placement'];

export function byPlacementRows(
  stats: TPlacementStats,
  t: TPlacementText = enFirst.dashboard.placement,
): TByPlacementRow[] {
  return [
    ...stats.rows.map((row: TPlacementStatsRow) => ({
      ...row,
      rowKey: row.placement.id === null ? 'default' : String(row.placement.id),
      label: placementLabel(row.placement, t.deleted),
      deleted: row.placement.deleted,
      total: false,
    })),
    { ...stats.totals, rowKey: 'total', label: t.all, deleted: false, total: true },
  ];
}

/** What the figures mean, under the title (English; the catalog's). */
export const BY_PLACEMENT_NOTE = enFirst.dashboard.placement.note;

/** A share (0 to 1) as a rounded percentage; '-' when there is nothing to divide by. */
const share = (value: number | null) => (value === null ? '-' : formatPercent(value * 100));

const strong = (row: TByPlacementRow, text: string) =>
  row.total ? (
    <Text size="sm" fw={700} span>
      {text}
    </Text>
  ) : (
    text
  );

const columns = (t: TPlacementText): TDataTableColumn<TByPlacementRow>[] => [
  {
    key: 'placement',
    header: t.placement,
    render: (row) => (
      <Text size="sm" fw={row.total ? 700 : 500} c={row.deleted ? 'dimmed' : undefined}>
        {row.label}
      </Text>
    ),
  },
  { key: 'scans', header: t.scans, align: 'right', render: (row) => strong(row, formatNumber(row.scans)) },
  {
    key: 'ratings',
    header: t.ratings,
    align: 'right',
    render: (row) => strong(row, formatNumber(row.ratings)),
  },
  {
    key: 'average',
    header: t.average,
    align: 'right',
    render: (row) => strong(row, row.ratings ? formatRating(row.averageRating) : '-'),
  },
  {
    key: 'positive',
    header: t.positive,
    align: 'right',
    render: (row) => strong(row, share(row.positiveShare)),
  },
  {
    key: 'conversion',
    header: t.conversion,
    align: 'right',
    render: (row) => strong(row, share(row.conversion)),
  },
  {
    key: 'withoutScan',
    header: t.withoutScan,
    align: 'right',
    render: (row) => strong(row, formatNumber(row.ratingsWithoutScan)),
  },
];

/**
 * The dashboard's "By placement": for each placement (Default first) the scans, ratings, average,
 * share of 4-5 stars, conversion (ratings that came with a scan, over scans) and the ratings
 * without a scan over a range of days, and a chart.
 */
export function ByPlacement() {
  const t = useFirstViewMessages().dashboard.placement;
  const { language } = useOwnerLanguage();
  const cols = useMemo(() => columns(t), [t]);
  const trpc = useTrpc();
  const navigate = useNavigate();
  const today = useMemo(() => todayInIndia(), []);
  // The range lives in the URL (dashboard-search.ts), so a chosen range survives a reload and a link.
  const search = useSearch({ from: '/_app/dashboard/' });
  const preset = search.range;
  const defaults = lastDays(30, today);
  const custom: TDayRange = { from: search.from || defaults.from, to: search.to || defaults.to };
  /** A chosen preset is a history entry (Back undoes it); a typed day replaces the current one. */
  const show = (patch: { range?: TRangePreset; from?: string; to?: string }, replace = false) =>
    void navigate({ to: '.', search: (previous) => ({ ...previous, ...patch }), replace });
  const range = presetRange(preset, today, custom);
  const rangeError = dayRangeProblem(range);
  /** A day of the custom range, up to today. */
  const dayInput = (end: keyof TDayRange) => ({
    type: 'date',
    value: custom[end],
    max: today,
    onChange: (event: ChangeEvent<HTMLInputElement>) => show({ [end]: event.currentTarget.value }, true),
  });

  const stats = useQuery(
    trpc.owner.placements.stats.queryOptions(range, {
      enabled: rangeError === null,
      placeholderData: keepPreviousData,
    }),
  );
  const rows = stats.data ? byPlacementRows(stats.data, t) : [];

  return (
    <SectionCard
      titleId="by-placement-title"
      title={t.title}
      description={
        <>
          {stats.data
            ? `${fill(t.period, {
                from: formatDate(`${stats.data.from}T00:00:00`),
                to: formatDate(`${stats.data.to}T00:00:00`),
              })} `
            : ''}
          {t.note}
        </>
      }
      aside={
        <SegmentedControl
          aria-label={t.dateRange}
          size="xs"
          value={preset}
          onChange={(value) => {
            const chosen = RANGE_PRESET_VALUES.find((v) => v === value);
            if (chosen) show({ range: chosen });
          }}
          data={RANGE_PRESETS.map((p) => ({
            value: p.value,
            label: p.shown ? plural(language, t[p.shown.unit], p.shown.n) : t.custom,
          }))}
        />
      }
      headerProps={{ align: 'flex-end', wrap: 'wrap', gap: 'sm' }}
      gap="md"
    >
      <Stack gap="md">
        {preset === 'custom' ? (
          <Group gap="sm" align="flex-start">
            <TextInput label={t.from} {...dayInput('from')} error={rangeError} />
            <TextInput label={t.to} {...dayInput('to')} />
          </Group>
        ) : null}

        {stats.isError ? (
          <LoadError title={t.loadFailed} query={stats} />
        ) : (
          <>
            <DataTable
              label={t.title}
              columns={cols}
              rows={rows}
              rowKey={(row) => row.rowKey}
              {...loadState(stats)}
              skeletonRows={3}
              emptyText={t.empty}
              minWidth={560}
            />
            {stats.data ? (
              <Suspense
                fallback={<Skeleton height={200} radius="md" data-testid="placement-chart-loading" />}
              >
                <ByPlacementChart rows={stats.data.rows} />
              </Suspense>
            ) : null}
          </>
        )}
      </Stack>
    </SectionCard>
  );
}
