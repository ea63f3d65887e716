// The chart styles load with the dashboard's charts only (never from a route file).
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import type { TPlacementStatsRow } from '@starloop/contract';
import { fill, plural } from '@starloop/review-page';
import { formatNumber } from '../../../lib/format.ts';
import { enFirst } from '../../../lib/owner-i18n/en-first.ts';
import { useFirstViewMessages, useOwnerLanguage } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { placementLabel } from './placement-label.ts';

/** At most this many bars: the busiest placements (by scans, then ratings). */
export const CHART_MAX_PLACEMENTS = 12;

export function placementChartData(
  rows: readonly TPlacementStatsRow[],
  deletedLabel: string = enFirst.dashboard.placement.deleted,
) {
  return [...rows]
    .filter((row) => row.scans > 0 || row.ratings > 0)
    .sort((a, b) => b.scans - a.scans || b.ratings - a.ratings)
    .slice(0, CHART_MAX_PLACEMENTS)
    .map((row) => ({
      placement: placementLabel(row.placement, deletedLabel),
      Scans: row.scans,
      Ratings: row.ratings,
    }));
}

/** Scans and ratings per placement, side by side; the caption says the same in words. */
export function ByPlacementChart({ rows }: { rows: readonly TPlacementStatsRow[] }) {
  const t = useFirstViewMessages().dashboard.placement;
  const { language } = useOwnerLanguage();
  // The count is grouped the Indian way (1,500): the forms say {count}, `plural` only picks one.
  const counted = (forms: typeof t.scanCount, n: number) =>
    fill(plural(language, forms, n), { count: formatNumber(n) });
  const data = placementChartData(rows, t.deleted);
  const summary =
    data.length === 0
      ? t.chartNone
      : fill(t.chartSummary, {
          placements: data
            .map(
              (d) => `${d.placement}: ${counted(t.scanCount, d.Scans)}, ${counted(t.ratingCount, d.Ratings)}`,
            )
            .join('; '),
        });
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0}>
      <Title order={3} size="h5" mb={4}>
        {t.chartTitle}
      </Title>
      <Text size="xs" c="dimmed" mb="sm" component="figcaption">
        {summary}
      </Text>
      {data.length > 0 ? (
        // The picture is for the eyes; the caption says the same in words for screen readers.
        <div aria-hidden="true" inert>
          <BarChart
            h={Math.max(160, data.length * 44)}
            data={data}
            dataKey="placement"
            orientation="vertical"
            yAxisProps={{ width: 120 }}
            xAxisProps={{ allowDecimals: false }}
            withLegend
            series={[
              { name: 'Scans', label: t.scans, color: 'brand.5' },
              { name: 'Ratings', label: t.ratings, color: 'yellow.6' },
            ]}
            valueFormatter={(value) => formatNumber(value)}
            maxBarWidth={18}
          />
        </div>
      ) : null}
    </Paper>
  );
}
