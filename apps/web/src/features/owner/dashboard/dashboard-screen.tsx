import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { planOf, type TOwnerReview, type TOwnerStats } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { usePagedList } from '../../../components/data-table/use-paged-list.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useFirstViewMessages } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { usePhoneLayout } from '../../../lib/phone-layout.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { DataRequestsCard } from '../data-requests/data-requests-card.tsx';
import { NEEDS_YOU_LIMIT } from '../first-screen-queries.ts';
import { GoogleReconnectBanner } from '../google/google-reconnect-banner.tsx';
import { useGoogleStatus } from '../google/use-google-status.ts';
import { FirstRunChecklist } from '../onboarding/first-run-checklist.tsx';
import { useOnboardingChecklist } from '../onboarding/use-onboarding.ts';
import { RenewalBanner } from '../renewal/renewal-banner.tsx';
import { LoadError } from '../shared/load-error.tsx';
import { useOwner } from '../shared/use-owner.ts';
import { NeedsYouNow } from './needs-you-now.tsx';
import { ownerReviewsList } from './owner-reviews-list.ts';
import { RecentReviews } from './recent-reviews.tsx';
import { StatsCards } from './stats-cards.tsx';
import { WhenVisible } from './when-visible.tsx';

// The charts (recharts, ~120 KiB gzip) load after the cards and the table: numbers first.
const RatingCharts = lazy(() => import('./rating-charts.tsx').then((m) => ({ default: m.RatingCharts })));
// Issue 34 item 7: what the phone's first screen does not show is not part of its download. By
// placement and the staff leaderboard sit below the figures; the review drawer opens on a tap.
const ByPlacement = lazy(() =>
  import('../by-placement/by-placement.tsx').then((m) => ({ default: m.ByPlacement })),
);
const StaffLeaderboard = lazy(() =>
  import('./staff-leaderboard.tsx').then((m) => ({ default: m.StaffLeaderboard })),
);
const ReviewDrawer = lazy(() => import('./review-drawer.tsx').then((m) => ({ default: m.ReviewDrawer })));

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
  const t = useFirstViewMessages().dashboard;
  if (!stats?.sources?.includes('google') || !stats.bySource) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="stats-sources">
      {fill(t.sources, {
        qr: formatNumber(stats.bySource.qr.count),
        google: formatNumber(stats.bySource.google.count),
      })}
    </Text>
  );
}

/**
 * The owner's default tab. On a desktop: numbers first (cards), then pictures (charts), by
 * placement, then the list (spec section 2). On a phone (issue 34): what needs the owner now (open
 * low ratings), then the latest reviews as cards, then the figures and charts. A new owner's
 * first-run checklist sits on top of both until it is done.
 */
export function DashboardScreen() {
  const t = useFirstViewMessages().dashboard;
  const trpc = useTrpc();
  const stats = useQuery(trpc.owner.dashboard.stats.queryOptions());
  const owner = useOwner();
  const [open, setOpen] = useState<TOwnerReview | null>(null);
  // The drawer's code is fetched on the first tap on a review, then stays (it animates closed).
  const [drawerWanted, setDrawerWanted] = useState(false);
  const openReview = (review: TOwnerReview) => {
    setDrawerWanted(true);
    setOpen(review);
  };
  const drawer = drawerWanted ? (
    <Suspense fallback={null}>
      <ReviewDrawer
        review={open}
        plan={owner.data ? planOf(owner.data.plan) : undefined}
        onClose={() => setOpen(null)}
      />
    </Suspense>
  ) : null;
  const phone = usePhoneLayout();
  // No charts before the first review: nothing to draw, and the chart code is not downloaded.
  const noReviews = stats.data?.totalReviews === 0;

  const charts = noReviews ? null : (
    <Suspense fallback={<ChartsSkeleton />}>
      <RatingCharts stats={stats.data} loading={stats.isPending} />
    </Suspense>
  );
  const figures = stats.isError ? (
    <LoadError title={t.loadFailed} query={stats} />
  ) : (
    <>
      <StatsCards stats={stats.data} loading={stats.isPending} />
      <SourcesNote stats={stats.data} />
      {phone && charts ? <WhenVisible minHeight={600}>{charts}</WhenVisible> : charts}
    </>
  );
  const reviews = <RecentReviews onOpen={openReview} layout={phone ? 'cards' : 'table'} />;
  const more = noReviews ? null : (
    <Suspense fallback={<Skeleton height={400} radius="md" />}>
      <ByPlacement />
      <StaffLeaderboard />
    </Suspense>
  );

  if (phone)
    return (
      <Stack gap="lg">
        <PhoneFirstScreen
          after={
            <>
              {figures}
              {more ? <WhenVisible minHeight={400}>{more}</WhenVisible> : null}
            </>
          }
        >
          <RenewalBanner />
          <GoogleReconnectBanner />
          <NeedsYouNow />
          <DataRequestsCard />
          <FirstRunChecklist />
          {reviews}
        </PhoneFirstScreen>
        {drawer}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <RenewalBanner />
      <GoogleReconnectBanner />
      <FirstRunChecklist />
      {figures}
      <DataRequestsCard />
      {more}
      {reviews}
      {drawer}
    </Stack>
  );
}

/**
 * The phone's first screen appears at once, when what it shows (the banners, the open cases, the
 * checklist, the newest reviews) has answered: one skeleton before, nothing pushed down as each
 * arrives. What follows it (`after`: the figures) comes with it, not before it: drawn under the
 * skeleton, the figures were pushed a screen down when the reviews came (issue 34 item 7, CLS).
 */
function PhoneFirstScreen({ children, after }: { children: ReactNode; after: ReactNode }) {
  const trpc = useTrpc();
  const newest = usePagedList(ownerReviewsList).query;
  const checklist = useOnboardingChecklist();
  const cases = useQuery(trpc.owner.cases.list.queryOptions({ status: 'open', limit: NEEDS_YOU_LIMIT }));
  // The banners above (renewal, Google reconnect) wait for the same answers, not to push it down.
  const owner = useOwner();
  const google = useGoogleStatus();
  if (checklist.isPending || cases.isPending || owner.isPending || google.isPending || newest.isPending)
    return (
      <Stack gap="lg" data-testid="first-screen-loading">
        <Skeleton height={180} radius="md" />
        <Skeleton height={320} radius="md" />
      </Stack>
    );
  return (
    <>
      {children}
      {after}
    </>
  );
}
