// The charts' stylesheet travels with this component (stack-notes: never from a route file).
import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { TAdminCharts } from '@starloop/contract';
import { formatMonthKey, formatNumber, formatRupees } from '../../../lib/format.ts';

/** Revenue by month (Razorpay and manual, stacked, rupees) and reviews by month. */
export function OverviewCharts({ charts }: { charts: TAdminCharts }) {
  const revenue = charts.revenueByMonth.map((row) => ({ ...row, label: formatMonthKey(row.month) }));
  const reviews = charts.reviewsByMonth.map((row) => ({ ...row, label: formatMonthKey(row.month) }));

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="revenue-chart-title">
        <Title order={2} size="h4" id="revenue-chart-title">
          Revenue by month
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          Razorpay and manual payments, in rupees
        </Text>
        <BarChart
          h={260}
          data={revenue}
          dataKey="label"
          type="stacked"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          valueFormatter={(value) => formatRupees(value)}
          series={[
            { name: 'razorpay', label: 'Razorpay', color: 'brand.6' },
            { name: 'manual', label: 'Manual', color: 'teal.6' },
          ]}
        />
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="reviews-chart-title">
        <Title order={2} size="h4" id="reviews-chart-title">
          Reviews by month
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          Every star rating received
        </Text>
        <BarChart
          h={260}
          data={reviews}
          dataKey="label"
          valueFormatter={(value) => formatNumber(value)}
          series={[{ name: 'count', label: 'Reviews', color: 'yellow.6' }]}
        />
      </Paper>
    </SimpleGrid>
  );
}
