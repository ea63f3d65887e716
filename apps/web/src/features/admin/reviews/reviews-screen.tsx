import { Badge, Text } from '@mantine/core';
import { PAGE_SIZE, type TAdminReview, type TPageMeta } from '@starloop/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DataTable, RowActions, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { sortParams } from '../../../components/data-table/sort.ts';
import { useClampPage, useTableState } from '../../../components/data-table/use-table-state.ts';
import { DetailDialog } from '../../../components/detail-dialog/detail-dialog.tsx';
import { StatCard, StatGrid } from '../../../components/stat-card/stat-card.tsx';
import {
  formatDate,
  formatDateTime,
  formatNumber,
  formatRating,
  titleCase,
  truncate,
} from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AdminPage } from '../shared/admin-page.tsx';
import { Stars } from '../shared/badges.tsx';
import { useSticky } from '../shared/use-sticky.ts';

type TReviewSort = 'createdAt' | 'rating';

const SENTIMENT_COLORS: Record<string, string> = { positive: 'green', neutral: 'gray', negative: 'red' };
const REPLY_COLORS: Record<string, string> = {
  sent: 'green',
  drafted: 'blue',
  pending: 'yellow',
  failed: 'red',
};

export function ReviewDetailsDialog({
  review,
  onClose,
}: {
  review: TAdminReview | null;
  onClose: () => void;
}) {
  const shown = useSticky(review);
  return (
    <DetailDialog
      opened={review !== null}
      onClose={onClose}
      title="Review Details"
      fields={
        shown
          ? [
              { label: 'ID', value: shown.id },
              { label: 'Date', value: formatDateTime(shown.createdAt) },
              { label: 'Business', value: shown.user.businessName },
              { label: 'Owner', value: shown.user.name },
              { label: 'Business code', value: shown.code },
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
            ]
          : []
      }
    />
  );
}

/** /admin-dashboard/reviews: cards, search, the paged table and 'Review Details'. */
export function ReviewsScreen() {
  const trpc = useTrpc();
  const table = useTableState<TReviewSort>();
  const [viewing, setViewing] = useState<TAdminReview | null>(null);

  const query = useQuery({
    ...trpc.admin.reviews.list.queryOptions({
      page: table.page,
      limit: PAGE_SIZE.reviews,
      ...(table.search ? { search: table.search } : {}),
      ...sortParams(table.sort),
    }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const reviews: readonly TAdminReview[] = data?.reviews ?? [];
  const meta: TPageMeta | undefined = data?.meta;
  useClampPage(table.page, meta?.totalPages, table.setPage);

  // Spec section 8: review list failures (and success false) are only logged.
  useEffect(() => {
    if (query.error) console.error('Failed to load reviews', query.error);
  }, [query.error]);
  useEffect(() => {
    if (data && (data as { success?: boolean }).success === false)
      console.error('Reviews answer: success false');
  }, [data]);

  const columns: TDataTableColumn<TAdminReview, TReviewSort>[] = [
    { key: 'id', header: 'ID', render: (review) => review.id },
    {
      key: 'business',
      header: 'Business',
      render: (review) => (
        <div>
          <Text size="sm">{review.user.businessName}</Text>
          <Text size="xs" c="dimmed">
            {review.code}
          </Text>
        </div>
      ),
    },
    {
      key: 'rating',
      header: 'Rating',
      sortKey: 'rating',
      render: (review) => <Stars rating={review.rating} />,
    },
    {
      key: 'message',
      header: 'Message',
      render: (review) =>
        review.message ? (
          <Text size="sm" title={review.message}>
            {truncate(review.message, 60)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            -
          </Text>
        ),
    },
    {
      key: 'date',
      header: 'Date',
      sortKey: 'createdAt',
      nowrap: true,
      render: (r) => formatDate(r.createdAt),
    },
    {
      key: 'actions',
      sticky: true,
      header: 'Actions',
      render: (review) => (
        <RowActions
          actions={[{ kind: 'view', label: `View review ${review.id}`, onClick: () => setViewing(review) }]}
        />
      ),
    },
  ];

  const loading = query.isPending;
  return (
    <AdminPage title="Reviews Management">
      <StatGrid cols={2}>
        <StatCard label="Total Reviews" loading={loading} value={formatNumber(data?.totalReviews ?? 0)} />
        <StatCard label="Average Rating" loading={loading} value={formatRating(data?.avgRating ?? 0)} />
      </StatGrid>
      <DataTable
        label="Reviews"
        columns={columns}
        rows={reviews}
        rowKey={(review) => review.id}
        loading={loading && !query.isError}
        stale={query.isPlaceholderData}
        emptyText={table.search ? 'No reviews found matching your search.' : 'No reviews available.'}
        sort={table.sort}
        onSortChange={table.setSort}
        search={{
          value: table.search,
          onChange: table.setSearch,
          placeholder: 'Search reviews...',
          label: 'Search reviews',
          debounceMs: 300,
        }}
        pagination={{
          page: table.page,
          limit: PAGE_SIZE.reviews,
          total: meta?.total ?? 0,
          onPageChange: table.setPage,
        }}
      />
      <ReviewDetailsDialog review={viewing} onClose={() => setViewing(null)} />
    </AdminPage>
  );
}
