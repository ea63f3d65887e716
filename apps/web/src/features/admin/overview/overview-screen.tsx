import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { TAdminOverview } from '@starloop/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notify } from '../../../components/notify.ts';
import { StatCard, StatGrid } from '../../../components/stat-card/stat-card.tsx';
import { formatNumber, formatRating, formatRupeesExact } from '../../../lib/format.ts';
import { countOf } from '../../../lib/plural.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AdminPage } from '../shared/admin-page.tsx';
import { ExportReportsModal } from './export-reports-modal.tsx';
import { OverviewCharts } from './overview-charts.tsx';
import { RecentActivity } from './recent-activity.tsx';

export const OVERVIEW_TEXTS = {
  failed: 'Failed to fetch overview data',
  noData: 'No Data Available',
} as const;

function OverviewCards({
  stats,
  google,
  requests,
  billing,
  loading,
}: {
  stats: TAdminOverview['stats'] | undefined;
  google?: TAdminOverview['google'];
  requests?: TAdminOverview['requests'];
  billing?: TAdminOverview['billing'];
  loading: boolean;
}) {
  const n = (value: number | undefined) => formatNumber(value ?? 0);
  return (
    <StatGrid>
      <StatCard
        label="Total Users"
        loading={loading}
        value={n(stats?.totalUsers)}
        hint={stats ? `${n(stats.users.newThisMonth)} new this month` : undefined}
      />
      <StatCard
        label="Total Revenue"
        loading={loading}
        value={formatRupeesExact(stats?.revenue.total ?? 0)}
        hint={
          stats
            ? `Razorpay ${formatRupeesExact(stats.revenue.razorpay)} · Manual ${formatRupeesExact(stats.revenue.manual)}`
            : undefined
        }
      />
      <StatCard label="Total Reviews" loading={loading} value={n(stats?.totalReviews)} />
      <StatCard label="Average Rating" loading={loading} value={formatRating(stats?.averageRating ?? 0)} />
      <StatCard label="High Ratings (4-5)" loading={loading} value={n(stats?.highRatingCount)} />
      <StatCard label="Low Ratings (1-3)" loading={loading} value={n(stats?.lowRatingCount)} />
      <StatCard label="Manual Onboarded Users" loading={loading} value={n(stats?.manualOnboardedUsers)} />
      <StatCard
        label="Active Users"
        loading={loading}
        value={n(stats?.users.active)}
        hint={stats ? `${n(stats.users.pending)} pending · ${n(stats.users.deleted)} deleted` : undefined}
      />
      {google ? (
        <StatCard
          label="Google Connected"
          loading={loading}
          value={n(google.connected)}
          hint={`${n(google.withErrors)} with sync errors · ${n(google.revoked)} lost access`}
        />
      ) : null}
      {billing ? (
        <StatCard
          label="Revenue Before GST"
          loading={loading}
          value={formatRupeesExact(billing.revenueBeforeTax)}
          hint={`GST collected ${formatRupeesExact(billing.gstCollected)}`}
        />
      ) : null}
      {billing ? (
        <StatCard
          label="MRR"
          loading={loading}
          value={formatRupeesExact(billing.mrr)}
          hint={`${n(billing.payingBranches)} paying branches · ${n(billing.renewalsDue)} renewals due in 30 days`}
        />
      ) : null}
      {requests ? (
        <StatCard
          label="Review Requests"
          loading={loading}
          value={n(requests.requests)}
          hint={`this month · ${countOf(requests.owners, 'business', 'businesses')}`}
        />
      ) : null}
    </StatGrid>
  );
}

/** /admin-dashboard: stat cards, charts, recent activity and the Export Reports modal. */
export function OverviewScreen() {
  const trpc = useTrpc();
  const [exportOpen, setExportOpen] = useState(false);
  const query = useQuery(trpc.admin.overview.stats.queryOptions());

  // One toast per failed load (a Retry that fails again says so again).
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) notify.error(OVERVIEW_TEXTS.failed);
  }, [failedAt]);

  const overview: TAdminOverview | undefined = query.data;

  return (
    <AdminPage
      title="Dashboard Overview"
      actions={
        <Button variant="light" onClick={() => setExportOpen(true)}>
          Export Reports
        </Button>
      }
    >
      {query.isError && !overview ? (
        <Paper withBorder radius="md" p="xl" ta="center" role="alert">
          <Stack align="center" gap="xs">
            <Title order={2} size="h3">
              {OVERVIEW_TEXTS.noData}
            </Title>
            <Text c="dimmed" size="sm">
              The overview could not be loaded.
            </Text>
            <Button onClick={() => void query.refetch()} loading={query.isFetching}>
              Retry
            </Button>
          </Stack>
        </Paper>
      ) : (
        <>
          <OverviewCards
            stats={overview?.stats}
            google={overview?.google}
            requests={overview?.requests}
            billing={overview?.billing}
            loading={query.isPending}
          />
          {overview ? <OverviewCharts charts={overview.charts} /> : null}
        </>
      )}
      <RecentActivity />
      <ExportReportsModal opened={exportOpen} onClose={() => setExportOpen(false)} />
    </AdminPage>
  );
}
