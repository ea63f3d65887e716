import { Badge } from '@mantine/core';
import type { TCampaign } from '@starloop/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { loadError, loadState } from '../../../components/data-table/paged-data-table.tsx';
import { AnchorLink } from '../../../components/router-links.tsx';
import { formatDateTime, formatRating } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { CAMPAIGN_STATUS_COLORS, CAMPAIGN_STATUS_LABELS } from './request-labels.ts';

const PAGE_SIZE = 10;

const n = (value: number) => value.toLocaleString('en-IN');

/** The owner's campaigns, newest first, each with its figures; a name opens the campaign. */
export function CampaignsPanel() {
  const trpc = useTrpc();
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...trpc.owner.requests.listCampaigns.queryOptions({ page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const columns: TDataTableColumn<TCampaign>[] = [
    {
      key: 'name',
      header: 'Campaign',
      render: (row) => (
        <AnchorLink to="/dashboard/requests/campaigns/$campaignId" params={{ campaignId: String(row.id) }}>
          {row.name}
        </AnchorLink>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (row) => (
        <Badge variant="light" color={CAMPAIGN_STATUS_COLORS[row.status]}>
          {CAMPAIGN_STATUS_LABELS[row.status]}
        </Badge>
      ),
    },
    { key: 'sendAt', header: 'Sends', render: (row) => formatDateTime(row.sendAt), nowrap: true },
    { key: 'requests', header: 'Requests', render: (row) => n(row.figures.requests), align: 'right' },
    { key: 'sent', header: 'Sent', render: (row) => n(row.figures.sent), align: 'right' },
    { key: 'delivered', header: 'Delivered', render: (row) => n(row.figures.delivered), align: 'right' },
    { key: 'clicked', header: 'Clicked', render: (row) => n(row.figures.clicked), align: 'right' },
    { key: 'reviewed', header: 'Reviewed', render: (row) => n(row.figures.reviewed), align: 'right' },
    {
      key: 'rating',
      header: 'Avg rating',
      render: (row) => (row.figures.averageRating === null ? '-' : formatRating(row.figures.averageRating)),
      align: 'right',
    },
    { key: 'optedOut', header: 'Opted out', render: (row) => n(row.figures.optedOut), align: 'right' },
  ];
  return (
    <DataTable
      label="Campaigns"
      columns={columns}
      rows={list.data?.campaigns ?? []}
      rowKey={(row) => row.id}
      {...loadState(list)}
      emptyText="No campaigns yet. Choose customers and start one."
      error={loadError(list, { title: 'Failed to load campaigns' })}
      pagination={
        list.data && list.data.meta.total > PAGE_SIZE
          ? { page, limit: PAGE_SIZE, total: list.data.meta.total, onPageChange: setPage }
          : undefined
      }
    />
  );
}
