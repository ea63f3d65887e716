import type { TOwnerStats } from '@starloop/contract';
import { StatCard, StatGrid } from '../../../components/stat-card/stat-card.tsx';
import { formatNumber, formatPercent, formatRating } from '../../../lib/format.ts';
import { RequestsReviewsCard } from '../requests/requests-card.tsx';

export interface TStatsCardsProps {
  stats: TOwnerStats | undefined;
  loading: boolean;
}

/**
 * Total Reviews, Average Rating (one decimal), the five-star count with its rounded share, and
 * the reviews that came through review requests beside those from QR codes.
 */
export function StatsCards({ stats, loading }: TStatsCardsProps) {
  return (
    <StatGrid cols={4}>
      <StatCard label="Total Reviews" value={formatNumber(stats?.totalReviews ?? 0)} loading={loading} />
      <StatCard
        label="Average Rating"
        value={formatRating(stats?.averageRating ?? 0)}
        hint="out of 5 stars"
        loading={loading}
      />
      <StatCard
        label="Five-star reviews"
        value={formatNumber(stats?.fiveStarCount ?? 0)}
        hint={`${formatPercent(stats?.fiveStarPercent ?? 0)} of all reviews`}
        loading={loading}
      />
      <RequestsReviewsCard />
    </StatGrid>
  );
}
