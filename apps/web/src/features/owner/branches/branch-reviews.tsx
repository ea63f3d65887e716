import { Group } from '@mantine/core';
import { PAGE_SIZE, type TAccountBranch, type TAccountReview, TIMINGS } from '@starloop/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { en } from '../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { RatingStars } from '../dashboard/rating-stars.tsx';
import { SourceBadge } from '../dashboard/recent-reviews.tsx';
import { MessagePreview } from '../shared/message-preview.tsx';
import { BranchFilter, BranchLink, branchName } from './branch-filter.tsx';

/** The English texts (the catalog's; tests read them). */
export const BRANCH_REVIEWS_TEXT = en.branches.reviews;

const PAGE = PAGE_SIZE.ownerReviews * 2;

/**
 * Under All branches: the reviews of every branch the person can see (owner.account.reviews),
 * newest first with a Branch column, filtered by branch and searched on the server. A row's
 * branch opens that branch's dashboard.
 */
export function BranchReviews({ branches }: { branches: readonly TAccountBranch[] }) {
  const t = useOwnerMessages().branches.reviews;
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
      header: t.branch,
      render: (r) => (
        <BranchLink businessId={r.businessId} label={labels.get(r.businessId) ?? r.businessName} />
      ),
    },
    { key: 'rating', header: t.rating, render: (r) => <RatingStars rating={r.rating} size="sm" /> },
    {
      key: 'message',
      header: t.message,
      render: (r) => <MessagePreview message={r.message} empty={t.noMessage} max={160} lines={2} />,
    },
    { key: 'source', header: t.source, render: (r) => <SourceBadge review={r} /> },
    { key: 'date', header: t.date, nowrap: true, render: (r) => formatDate(r.createdAt) },
  ];

  return (
    <SectionCard titleId="branch-reviews-title" title={t.title} gap="md">
      <Group align="flex-end" gap="sm">
        <BranchFilter
          label={t.filter}
          branches={branches}
          value={businessId}
          onChange={(next) => {
            setBusinessId(next);
            setPage(1);
          }}
        />
      </Group>
      <DataTable
        label={t.title}
        columns={columns}
        rows={reviews.data?.reviews ?? []}
        rowKey={(r) => `${r.source}-${r.id}`}
        loading={reviews.isPending}
        stale={reviews.isPlaceholderData}
        emptyText={search ? t.noMatch : t.empty}
        error={
          reviews.isError
            ? { message: anyMessage(reviews.error), onRetry: () => void reviews.refetch() }
            : null
        }
        search={{
          label: t.search,
          placeholder: t.searchPlaceholder,
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
