import { Badge, Text } from '@mantine/core';
import { PLACEMENT_TEXTS, type TAdminReview, type TAdminReviewsQuery } from '@starloop/contract';
import { useEffect } from 'react';
import { col, TwoLines } from '../../../components/data-table/columns.tsx';
import type { TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { saysFailure } from '../../../components/data-table/paged-data-table.tsx';
import { usePagedList } from '../../../components/data-table/use-paged-list.ts';
import { RecordDetailDialog, type TDetailField } from '../../../components/detail-dialog/detail-dialog.tsx';
import { formatDateTime, formatRating, titleCase, truncate } from '../../../lib/format.ts';
import { AdminListScreen } from '../shared/admin-list-screen.tsx';
import { reviewsList } from '../shared/admin-lists.ts';
import { Stars } from '../shared/badges.tsx';
import { useLogError } from '../shared/use-log-error.ts';
import { useRecordDialog } from '../shared/use-record-dialog.ts';

type TReviewSort = TAdminReviewsQuery['sortBy'];

const SENTIMENT_COLORS: Record<string, string> = { positive: 'green', neutral: 'gray', negative: 'red' };
const REPLY_COLORS: Record<string, string> = {
  sent: 'green',
  drafted: 'blue',
  pending: 'yellow',
  failed: 'red',
};

/** Where the customer scanned: 'Default' (the original QR code), a placement, or a deleted one by its old name. */
export function placementName(placement: TAdminReview['placement']): string {
  if (!placement) return PLACEMENT_TEXTS.defaultName;
  return placement.deleted ? `${placement.name} ${PLACEMENT_TEXTS.deletedLabel}` : placement.name;
}

/** 'Review Details'. */
export const reviewFields = (shown: TAdminReview): TDetailField[] => [
  { label: 'ID', value: shown.id },
  { label: 'Date', value: formatDateTime(shown.createdAt) },
  { label: 'Business', value: shown.user.businessName },
  { label: 'Owner', value: shown.user.name },
  { label: 'Business code', value: shown.code },
  { label: 'Placement', value: placementName(shown.placement) },
  {
    label: 'Rating',
    value: (
      <>
        <Stars rating={shown.rating} /> {shown.rating}/5
      </>
    ),
  },
  {
    label: 'Sentiment',
    value: shown.sentimentLabel ? (
      <Badge variant="light" color={SENTIMENT_COLORS[shown.sentimentLabel] ?? 'gray'}>
        {shown.sentimentLabel}
      </Badge>
    ) : (
      'Not analysed'
    ),
  },
  {
    label: 'Reply status',
    value: (
      <Badge variant="light" color={REPLY_COLORS[shown.replyStatus] ?? 'gray'}>
        {titleCase(shown.replyStatus)}
      </Badge>
    ),
  },
  { label: 'Message', value: shown.message || 'No message (rating only)', wide: true },
  { label: 'Reply', value: shown.replyText || 'No reply yet', wide: true },
];

/** /admin-dashboard/reviews: cards, search, the paged table and 'Review Details'. */
export function ReviewsScreen() {
  const list = usePagedList(reviewsList);
  const { query } = list;
  const dialogs = useRecordDialog<TAdminReview>();

  const data = query.data;
  const reviews: readonly TAdminReview[] = data?.reviews ?? [];

  // Spec section 8: review list failures (and success false) are only logged.
  useLogError(query.error, 'Failed to load reviews');
  useEffect(() => {
    if (saysFailure(data)) console.error('Reviews answer: success false');
  }, [data]);

  const columns: TDataTableColumn<TAdminReview, TReviewSort>[] = [
    col.text('id', 'ID', (review) => review.id),
    col.text('business', 'Business', (review) => (
      <TwoLines primary={review.user.businessName} secondary={review.code} />
    )),
    col.text('rating', 'Rating', (review) => <Stars rating={review.rating} />, { sortKey: 'rating' }),
    col.text('message', 'Message', (review) =>
      review.message ? (
        <Text size="sm" title={review.message}>
          {truncate(review.message, 60)}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          -
        </Text>
      ),
    ),
    col.text('placement', 'Placement', (review) => (
      <Text size="sm" c={review.placement ? undefined : 'dimmed'}>
        {placementName(review.placement)}
      </Text>
    )),
    col.date('date', 'Date', (r) => r.createdAt, { sortKey: 'createdAt' }),
    col.actions(col.recordActions<TAdminReview>('review', (r) => r.id, dialogs.open, ['view'])),
  ];

  const loading = query.isPending;
  return (
    <AdminListScreen
      title="Reviews Management"
      cards={[
        ['Total Reviews', data?.totalReviews],
        ['Average Rating', formatRating(data?.avgRating ?? 0)],
      ]}
      list={list}
      label="Reviews"
      columns={columns}
      rows={reviews}
      loading={loading && !query.isError}
      empty={['No reviews found matching your search.', 'No reviews available.']}
      sortable
      searchBox={{ placeholder: 'Search reviews...', label: 'Search reviews', debounceMs: 300 }}
    >
      <RecordDetailDialog {...dialogs.viewProps} title="Review Details" fields={reviewFields} />
    </AdminListScreen>
  );
}
