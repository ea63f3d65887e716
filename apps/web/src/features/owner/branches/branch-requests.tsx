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
import { en } from '../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { RatingStars } from '../dashboard/rating-stars.tsx';
import { BranchFilter, BranchLink, branchName } from './branch-filter.tsx';

/** The English texts (the catalog's; tests read them). */
export const BRANCH_REQUESTS_TEXT = en.branches.requests;

const PAGE = 10;

/**
 * Under All branches, for owners and managers (as the Requests screen): the review requests of
 * every branch they can see (owner.account.requests), newest first with a Branch column, filtered
 * by branch and status.
 */
export function BranchRequests({ branches }: { branches: readonly TAccountBranch[] }) {
  const messages = useOwnerMessages();
  const t = messages.branches.requests;
  const words = messages.requests.labels;
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
      header: t.branch,
      render: (r) => (
        <BranchLink businessId={r.businessId} label={labels.get(r.businessId) ?? r.businessName} />
      ),
    },
    { key: 'customer', header: t.customer, render: (r) => r.contactName ?? '—' },
    { key: 'status', header: t.statusColumn, render: (r) => words.requestStatus[r.status] },
    { key: 'channel', header: t.channel, render: (r) => (r.channel ? words.channel[r.channel] : '—') },
    {
      key: 'review',
      header: t.review,
      render: (r) => (r.rating ? <RatingStars rating={r.rating} size="sm" /> : '—'),
    },
    { key: 'date', header: t.date, nowrap: true, render: (r) => formatDate(r.sentAt ?? r.sendAt) },
  ];

  return (
    <SectionCard titleId="branch-requests-title" title={t.title} gap="md">
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
        <SegmentedControl
          aria-label={t.status}
          size="xs"
          value={status ?? ''}
          onChange={(value) => {
            setStatus(value ? (value as TRequestStatus) : undefined);
            setPage(1);
          }}
          data={[
            { value: '', label: t.allStatuses },
            ...REQUEST_STATUSES.map((s) => ({ value: s, label: words.requestStatus[s] })),
          ]}
        />
      </Group>
      <DataTable
        label={t.title}
        columns={columns}
        rows={requests.data?.requests ?? []}
        rowKey={(r) => r.id}
        loading={requests.isPending}
        stale={requests.isPlaceholderData}
        emptyText={t.empty}
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
