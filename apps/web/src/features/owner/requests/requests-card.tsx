import { fill } from '@starloop/review-page';
import { useQuery } from '@tanstack/react-query';
import { StatCard } from '../../../components/stat-card/stat-card.tsx';
import { formatNumber, formatRating } from '../../../lib/format.ts';
import { useFirstViewMessages } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { useTrpc } from '../../../lib/use-trpc.ts';

/** The dashboard's "Reviews from requests" card, beside the QR reviews (quiet when it fails). */
export function RequestsReviewsCard() {
  const t = useFirstViewMessages().requests.card;
  const trpc = useTrpc();
  const summary = useQuery(trpc.owner.requests.summary.queryOptions());
  if (summary.isError) return null;
  const data = summary.data;
  return (
    <StatCard
      label={t.reviewsFromRequests}
      value={data ? formatNumber(data.reviewsFromRequests) : '-'}
      hint={
        data
          ? `${fill(t.fromQr, { n: formatNumber(data.qrReviews) })}${
              data.averageFromRequests === null
                ? ''
                : ` · ${fill(t.average, { rating: formatRating(data.averageFromRequests) })}`
            }`
          : undefined
      }
      loading={summary.isPending}
    />
  );
}
