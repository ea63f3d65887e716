// The chart styles load with the dashboard's charts only (never from a route file).
import '@mantine/charts/styles.css';
import { BarChart, CompositeChart } from '@mantine/charts';
import { Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import type { TOwnerStats } from '@starloop/contract';
import { fill, plural } from '@starloop/review-page';
import type { ReactNode } from 'react';
import { formatMonthKey, formatNumber, formatRating } from '../../../lib/format.ts';
import { useFirstViewMessages, useOwnerLanguage } from '../../../lib/owner-i18n/owner-i18n.tsx';

export interface TRatingChartsProps {
  stats: TOwnerStats | undefined;
  loading: boolean;
}

const STAR_ORDER = [5, 4, 3, 2, 1] as const;

export function monthlyChartData(monthly: TOwnerStats['monthly']) {
  return monthly.map((row) => ({
    month: formatMonthKey(row.month),
    Reviews: row.count,
    // No reviews that month: no average to draw (the line skips it rather than dropping to 0).
    'Average rating': row.count > 0 ? Number(row.averageRating.toFixed(1)) : null,
  }));
}

export function starChartData(stars: TOwnerStats['stars']) {
  return STAR_ORDER.map((star) => ({ stars: `${star} ★`, Reviews: stars[star] ?? 0 }));
}

function ChartCard({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0}>
      <Title order={2} size="h4" mb={4}>
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm" component="figcaption">
        {summary}
      </Text>
      {/* The picture is for the eyes; the caption says the same in words for screen readers. */}
      <div aria-hidden="true" inert>
        {children}
      </div>
    </Paper>
  );
}

/** Ratings per month (12 months: count as bars, average as a line) and the star distribution. */
export function RatingCharts({ stats, loading }: TRatingChartsProps) {
  const t = useFirstViewMessages().dashboard.charts;
  const { language } = useOwnerLanguage();
  if (loading || !stats) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Skeleton height={300} radius="md" />
        <Skeleton height={300} radius="md" />
      </SimpleGrid>
    );
  }

  const monthly = monthlyChartData(stats.monthly);
  const stars = starChartData(stats.stars);
  const busiest = stats.monthly.reduce<TOwnerStats['monthly'][number] | undefined>(
    (best, row) => (row.count > (best?.count ?? 0) ? row : best),
    undefined,
  );
  const monthlySummary = busiest
    ? fill(t.monthlySummary, {
        month: formatMonthKey(busiest.month),
        reviews: fill(plural(language, t.reviewCount, busiest.count), { count: formatNumber(busiest.count) }),
      })
    : t.noMonthly;
  const starSummary = STAR_ORDER.map(
    (star) => `${plural(language, t.stars, star)}: ${formatNumber(stats.stars[star] ?? 0)}`,
  ).join(', ');

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartCard title={t.perMonth} summary={monthlySummary}>
        <CompositeChart
          h={240}
          data={monthly}
          dataKey="month"
          withLegend
          withRightYAxis
          rightYAxisProps={{ domain: [0, 5], allowDecimals: false }}
          yAxisProps={{ allowDecimals: false }}
          maxBarWidth={28}
          series={[
            { name: 'Reviews', label: t.reviews, color: 'brand.5', type: 'bar' },
            {
              name: 'Average rating',
              label: t.averageRating,
              color: 'yellow.6',
              type: 'line',
              yAxisId: 'right',
            },
          ]}
          valueFormatter={(value) => (Number.isInteger(value) ? formatNumber(value) : formatRating(value))}
          connectNulls={false}
          curveType="linear"
        />
      </ChartCard>
      <ChartCard title={t.distribution} summary={fill(t.starSummary, { stars: starSummary })}>
        <BarChart
          h={240}
          data={stars}
          dataKey="stars"
          orientation="vertical"
          yAxisProps={{ width: 48 }}
          xAxisProps={{ allowDecimals: false }}
          series={[{ name: 'Reviews', label: t.reviews, color: 'yellow.6' }]}
          valueFormatter={(value) => formatNumber(value)}
          withBarValueLabel
          maxBarWidth={28}
        />
      </ChartCard>
    </SimpleGrid>
  );
}
