import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { planOf, type TOwnerReview, type TOwnerStats } from '@starloop/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { formatNumber } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { ByPlacement } from '../by-placement/by-placement.tsx';
import { DataRequestsCard } from '../data-requests/data-requests-card.tsx';
import { GoogleReconnectBanner } from '../google/google-reconnect-banner.tsx';
import { RenewalBanner } from '../renewal/renewal-banner.tsx';
import { LoadError } from '../shared/load-error.tsx';
import { useOwner } from '../shared/use-owner.ts';
import { RecentReviews } from './recent-reviews.tsx';
import { ReviewDrawer } from './review-drawer.tsx';
import { StaffLeaderboard } from './staff-leaderboard.tsx';
import { StatsCards } from './stats-cards.tsx';

// The charts (recharts, ~120 KiB gzip) load after the cards and the table: numbers first.
const RatingCharts = lazy(() => import('./rating-charts.tsx').then((m) => ({ default: m.RatingCharts })));

function ChartsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="charts-loading">
      <Skeleton height={300} radius="md" />
      <Skeleton height={300} radius="md" />
    </SimpleGrid>
  );
}

/** Which sources the cards and charts count, once Google reviews are among them. */
export function SourcesNote({ stats }: { stats: TOwnerStats | undefined }) {
  if (!stats?.sources?.includes('google') || !stats.bySource) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="stats-sources">
      Cards and charts count QR and Google reviews (QR {formatNumber(stats.bySource.qr.count)} · Google{' '}
      {formatNumber(stats.bySource.google.count)}).
    </Text>
  );
}

/** The owner's default tab: numbers first (cards), then pictures (charts), by placement, then the list. */
export function DashboardScreen() {
  const trpc = useTrpc();
  const stats = useQuery(trpc.owner.dashboard.stats.queryOptions());
  const owner = useOwner();
  const [open, setOpen] = useState<TOwnerReview | null>(null);

  return (
    <Stack gap="lg">
      <RenewalBanner />
      <GoogleReconnectBanner />
      {stats.isError ? (
        <LoadError title="Failed to load stats" query={stats} />
      ) : (
        <>
          <StatsCards stats={stats.data} loading={stats.isPending} />
          <SourcesNote stats={stats.data} />
          <Suspense fallback={<ChartsSkeleton />}>
            <RatingCharts stats={stats.data} loading={stats.isPending} />
          </Suspense>
        </>
      )}
      <DataRequestsCard />
      <ByPlacement />
      <StaffLeaderboard />
      <RecentReviews onOpen={setOpen} />
      <ReviewDrawer
        review={open}
        plan={owner.data ? planOf(owner.data.plan) : undefined}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
