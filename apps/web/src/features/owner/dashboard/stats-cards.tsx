import type { TOwnerStats } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { StatCard, StatGrid } from '../../../components/stat-card/stat-card.tsx';
import { formatNumber, formatPercent, formatRating } from '../../../lib/format.ts';
import { enFirst } from '../../../lib/owner-i18n/en-first.ts';
import { useFirstViewMessages } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { RequestsReviewsCard } from '../requests/requests-card.tsx';

/** What the cards say before the first review (English; the catalog's). */
export const STATS_EMPTY = enFirst.dashboard.empty;

export interface TStatsCardsProps {
  stats: TOwnerStats | undefined;
  loading: boolean;
}

/**
 * Total Reviews, Average Rating (one decimal), the five-star count with its rounded share, and
 * the reviews that came through review requests beside those from QR codes.
 */
export function StatsCards({ stats, loading }: TStatsCardsProps) {
  const { stats: t, empty } = useFirstViewMessages().dashboard;
  // Before the first review there is no average: the cards say what to do instead (issue 34).
  const none = stats !== undefined && stats.totalReviews === 0;
  return (
    <StatGrid cols={4}>
      <StatCard
        label={t.total}
        value={formatNumber(stats?.totalReviews ?? 0)}
        hint={none ? empty.total : undefined}
        loading={loading}
      />
      <StatCard
        label={t.average}
        value={none ? empty.noAverage : formatRating(stats?.averageRating ?? 0)}
        hint={none ? empty.averageHint : t.outOfFive}
        loading={loading}
      />
      <StatCard
        label={t.fiveStar}
        value={formatNumber(stats?.fiveStarCount ?? 0)}
        hint={
          none ? empty.fiveStarHint : fill(t.ofAll, { percent: formatPercent(stats?.fiveStarPercent ?? 0) })
        }
        loading={loading}
      />
      <RequestsReviewsCard />
    </StatGrid>
  );
}
