import { Group, SegmentedControl } from '@mantine/core';
import {
  REQUEST_STATUSES,
  type TAccountBranch,
  type TAccountRequest,
  type TRequestStatus,
} from '@starloop/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { RatingStars } from '../dashboard/rating-stars.tsx';
import { CHANNEL_LABELS, REQUEST_STATUS_LABELS } from '../requests/request-labels.ts';
import { BranchFilter, BranchLink, branchName } from './branch-filter.tsx';

export const BRANCH_REQUESTS_TEXT = {
  title: 'Review requests of every branch',
  filter: 'Requests of',
  status: 'Request status',
  allStatuses: 'All',
  empty: 'No review requests yet.',
} as const;

const PAGE = 10;

/**
 * Under All branches, for owners and managers (as the Requests screen): the review requests of
 * every branch they can see (owner.account.requests), newest first with a Branch column, filtered
 * by branch and status.
 */
export function BranchRequests({ branches }: { branches: readonly TAccountBranch[] }) {
  const trpc = useTrpc();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<TRequestStatus | undefined>(undefined);
  const [businessId, setBusinessId] = useState<number | undefined>(undefined);
  const requests = useQuery({
    ...trpc.owner.account.requests.queryOptions({
      page,
      limit: PAGE,
      ...(status ? { status } : {}),
      ...(businessId ? { businessId } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const labels = new Map(branches.map((b) => [b.id, branchName(b)]));

  const columns: TDataTableColumn<TAccountRequest>[] = [
    {
      key: 'branch',
      header: 'Branch',
      render: (r) => (
        <BranchLink businessId={r.businessId} label={labels.get(r.businessId) ?? r.businessName} />
      ),
    },
    { key: 'customer', header: 'Customer', render: (r) => r.contactName ?? '—' },
    { key: 'status', header: 'Status', render: (r) => REQUEST_STATUS_LABELS[r.status] },
    { key: 'channel', header: 'Channel', render: (r) => (r.channel ? CHANNEL_LABELS[r.channel] : '—') },
    {
      key: 'review',
      header: 'Review',
      render: (r) => (r.rating ? <RatingStars rating={r.rating} size="sm" /> : '—'),
    },
    { key: 'date', header: 'Date', nowrap: true, render: (r) => formatDate(r.sentAt ?? r.sendAt) },
  ];

  return (
    <SectionCard titleId="branch-requests-title" title={BRANCH_REQUESTS_TEXT.title} gap="md">
      <Group align="flex-end" gap="sm">
        <BranchFilter
          label={BRANCH_REQUESTS_TEXT.filter}
          branches={branches}
          value={businessId}
          onChange={(next) => {
            setBusinessId(next);
            setPage(1);
          }}
        />
        <SegmentedControl
          aria-label={BRANCH_REQUESTS_TEXT.status}
          size="xs"
          value={status ?? ''}
          onChange={(value) => {
            setStatus(value ? (value as TRequestStatus) : undefined);
            setPage(1);
          }}
          data={[
            { value: '', label: BRANCH_REQUESTS_TEXT.allStatuses },
            ...REQUEST_STATUSES.map((s) => ({ value: s, label: REQUEST_STATUS_LABELS[s] })),
          ]}
        />
      </Group>
      <DataTable
        label={BRANCH_REQUESTS_TEXT.title}
        columns={columns}
        rows={requests.data?.requests ?? []}
        rowKey={(r) => r.id}
        loading={requests.isPending}
        stale={requests.isPlaceholderData}
        emptyText={BRANCH_REQUESTS_TEXT.empty}
        error={
          requests.isError
            ? { message: anyMessage(requests.error), onRetry: () => void requests.refetch() }
            : null
        }
        pagination={{ page, limit: PAGE, total: requests.data?.meta.total ?? 0, onPageChange: setPage }}
        minWidth={640}
      />
    </SectionCard>
  );
}
