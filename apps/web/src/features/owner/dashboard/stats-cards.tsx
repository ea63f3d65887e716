import type { TOwnerStats } from '@starloop/contract';
import { StatCard, StatGrid } from '../../../components/stat-card/stat-card.tsx';
import { formatNumber, formatPercent, formatRating } from '../../../lib/format.ts';
import { RequestsReviewsCard } from '../requests/requests-card.tsx';

/** What the cards say before the first review. */
export const STATS_EMPTY = {
  total: 'Share your QR code or send a review request to get the first one.',
  noAverage: 'No reviews yet',
  averageHint: 'Your average shows after the first review.',
  fiveStarHint: 'Counted from your first review on.',
} as const;

export interface TStatsCardsProps {
  stats: TOwnerStats | undefined;
  loading: boolean;
}

/**
 * Total Reviews, Average Rating (one decimal), the five-star count with its rounded share, and
 * the reviews that came through review requests beside those from QR codes.
 */
export function StatsCards({ stats, loading }: TStatsCardsProps) {
  // Before the first review there is no average: the cards say what to do instead (issue 34).
  const none = stats !== undefined && stats.totalReviews === 0;
  return (
    <StatGrid cols={4}>
      <StatCard
        label="Total Reviews"
        value={formatNumber(stats?.totalReviews ?? 0)}
        hint={none ? STATS_EMPTY.total : undefined}
        loading={loading}
      />
      <StatCard
        label="Average Rating"
        value={none ? STATS_EMPTY.noAverage : formatRating(stats?.averageRating ?? 0)}
        hint={none ? STATS_EMPTY.averageHint : 'out of 5 stars'}
        loading={loading}
      />
      <StatCard
        label="Five-star reviews"
        value={formatNumber(stats?.fiveStarCount ?? 0)}
        hint={
          none ? STATS_EMPTY.fiveStarHint : `${formatPercent(stats?.fiveStarPercent ?? 0)} of all reviews`
        }
        loading={loading}
      />
      <RequestsReviewsCard />
    </StatGrid>
  );
}
