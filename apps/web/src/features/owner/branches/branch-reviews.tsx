import { Group, Text } from '@mantine/core';
import { PAGE_SIZE, type TAccountBranch, type TAccountReview, TIMINGS } from '@starloop/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { formatDate, truncate } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { RatingStars } from '../dashboard/rating-stars.tsx';
import { SourceBadge } from '../dashboard/recent-reviews.tsx';
import { BranchFilter, BranchLink, branchName } from './branch-filter.tsx';

export const BRANCH_REVIEWS_TEXT = {
  title: 'Reviews of every branch',
  branch: 'Branch',
  filter: 'Reviews of',
  search: 'Search reviews',
  searchPlaceholder: 'Search by message',
  empty: 'No reviews available.',
  noMatch: 'No reviews found matching your search.',
} as const;

const PAGE = PAGE_SIZE.ownerReviews * 2;

/**
 * Under All branches: the reviews of every branch the person can see (owner.account.reviews),
 * newest first with a Branch column, filtered by branch and searched on the server. A row's
 * branch opens that branch's dashboard.
 */
export function BranchReviews({ branches }: { branches: readonly TAccountBranch[] }) {
  const trpc = useTrpc();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [businessId, setBusinessId] = useState<number | undefined>(undefined);
  const reviews = useQuery({
    ...trpc.owner.account.reviews.queryOptions({
      page,
      limit: PAGE,
      ...(search ? { search } : {}),
      ...(businessId ? { businessId } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const labels = new Map(branches.map((b) => [b.id, branchName(b)]));

  const columns: TDataTableColumn<TAccountReview>[] = [
    {
      key: 'branch',
      header: BRANCH_REVIEWS_TEXT.branch,
      render: (r) => (
        <BranchLink businessId={r.businessId} label={labels.get(r.businessId) ?? r.businessName} />
      ),
    },
    { key: 'rating', header: 'Rating', render: (r) => <RatingStars rating={r.rating} size="sm" /> },
    {
      key: 'message',
      header: 'Message',
      render: (r) =>
        r.message ? (
          <Text size="sm" lineClamp={2}>
            {truncate(r.message, 160)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            No message
          </Text>
        ),
    },
    { key: 'source', header: 'Source', render: (r) => <SourceBadge review={r} /> },
    { key: 'date', header: 'Date', nowrap: true, render: (r) => formatDate(r.createdAt) },
  ];

  return (
    <SectionCard titleId="branch-reviews-title" title={BRANCH_REVIEWS_TEXT.title} gap="md">
      <Group align="flex-end" gap="sm">
        <BranchFilter
          label={BRANCH_REVIEWS_TEXT.filter}
          branches={branches}
          value={businessId}
          onChange={(next) => {
            setBusinessId(next);
            setPage(1);
          }}
        />
      </Group>
      <DataTable
        label={BRANCH_REVIEWS_TEXT.title}
        columns={columns}
        rows={reviews.data?.reviews ?? []}
        rowKey={(r) => `${r.source}-${r.id}`}
        loading={reviews.isPending}
        stale={reviews.isPlaceholderData}
        emptyText={search ? BRANCH_REVIEWS_TEXT.noMatch : BRANCH_REVIEWS_TEXT.empty}
        error={
          reviews.isError
            ? { message: anyMessage(reviews.error), onRetry: () => void reviews.refetch() }
            : null
        }
        search={{
          label: BRANCH_REVIEWS_TEXT.search,
          placeholder: BRANCH_REVIEWS_TEXT.searchPlaceholder,
          value: search,
          onChange: (value) => {
            setSearch(value.trim());
            setPage(1);
          },
          debounceMs: TIMINGS.agentSearchDebounce,
          maxWidth: 280,
        }}
        pagination={{ page, limit: PAGE, total: reviews.data?.meta.total ?? 0, onPageChange: setPage }}
        minWidth={640}
      />
    </SectionCard>
  );
}
