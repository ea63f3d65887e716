import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { TOwnerReview } from '@starloop/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { LoadError } from '../shared/load-error.tsx';
import { useOwner } from '../shared/use-owner.ts';
import { RecentReviews } from './recent-reviews.tsx';
import { ReviewDrawer } from './review-drawer.tsx';
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

/** The owner's default tab: numbers first (cards), then pictures (charts), then the list. */
export function DashboardScreen() {
  const trpc = useTrpc();
  const stats = useQuery(trpc.owner.dashboard.stats.queryOptions());
  const owner = useOwner();
  const [open, setOpen] = useState<TOwnerReview | null>(null);

  return (
    <Stack gap="lg">
      {stats.isError ? (
        <LoadError
          title="Failed to load stats"
          error={stats.error}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : (
        <>
          <StatsCards stats={stats.data} loading={stats.isPending} />
          <Suspense fallback={<ChartsSkeleton />}>
            <RatingCharts stats={stats.data} loading={stats.isPending} />
          </Suspense>
        </>
      )}
      <RecentReviews onOpen={setOpen} />
      <ReviewDrawer
        review={open}
        professional={owner.data ? owner.data.plan === 'professional' : undefined}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
