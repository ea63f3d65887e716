import { useQuery } from '@tanstack/react-query';
import { StatCard } from '../../../components/stat-card/stat-card.tsx';
import { formatRating } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';

/** The dashboard's "Reviews from requests" card, beside the QR reviews (quiet when it fails). */
export function RequestsReviewsCard() {
  const trpc = useTrpc();
  const summary = useQuery(trpc.owner.requests.summary.queryOptions());
  if (summary.isError) return null;
  const data = summary.data;
  return (
    <StatCard
      label="Reviews from requests"
      value={data ? data.reviewsFromRequests.toLocaleString('en-IN') : '-'}
      hint={
        data
          ? `${data.qrReviews.toLocaleString('en-IN')} from QR codes${
              data.averageFromRequests === null ? '' : ` · average ${formatRating(data.averageFromRequests)}`
            }`
          : undefined
      }
      loading={summary.isPending}
    />
  );
}
