// The chart styles load with the dashboard's charts only (never from a route file).
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import type { TPlacementStatsRow } from '@starloop/contract';
import { formatNumber } from '../../../lib/format.ts';
import { countOf } from '../../../lib/plural.ts';
import { placementLabel } from './placement-label.ts';

/** At most this many bars: the busiest placements (by scans, then ratings). */
export const CHART_MAX_PLACEMENTS = 12;

export function placementChartData(rows: readonly TPlacementStatsRow[]) {
  return [...rows]
    .filter((row) => row.scans > 0 || row.ratings > 0)
    .sort((a, b) => b.scans - a.scans || b.ratings - a.ratings)
    .slice(0, CHART_MAX_PLACEMENTS)
    .map((row) => ({ placement: placementLabel(row.placement), Scans: row.scans, Ratings: row.ratings }));
}

/** Scans and ratings per placement, side by side; the caption says the same in words. */
export function ByPlacementChart({ rows }: { rows: readonly TPlacementStatsRow[] }) {
  const data = placementChartData(rows);
  const summary =
    data.length === 0
      ? 'No scans or ratings in this period yet.'
      : `Scans and ratings per placement, busiest first. ${data
          .map((d) => `${d.placement}: ${countOf(d.Scans, 'scan')}, ${countOf(d.Ratings, 'rating')}`)
          .join('; ')}.`;
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0}>
      <Title order={3} size="h5" mb={4}>
        Scans and ratings by placement
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
              { name: 'Scans', color: 'brand.5' },
              { name: 'Ratings', color: 'yellow.6' },
            ]}
            valueFormatter={(value) => formatNumber(value)}
            maxBarWidth={18}
          />
        </div>
      ) : null}
    </Paper>
  );
}
