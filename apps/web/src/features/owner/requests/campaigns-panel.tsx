import { Badge } from '@mantine/core';
import type { TCampaign } from '@starloop/contract';
import { DataTable, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { loadError, loadState } from '../../../components/data-table/paged-data-table.tsx';
import { usePagedList } from '../../../components/data-table/use-paged-list.ts';
import { AnchorLink } from '../../../components/router-links.tsx';
import { formatDateTime, formatNumber, formatRating } from '../../../lib/format.ts';
import { CAMPAIGN_STATUS_COLORS } from './request-labels.ts';
import { campaignsList, REQUESTS_PAGE_SIZE } from './request-lists.ts';
import { useRequestTexts } from './request-texts.ts';

const n = formatNumber;

/**
 * The owner's campaigns, newest first, each with its figures; a name opens the campaign. The page
 * lives in the URL (`campaignsPage`).
 */
export function CampaignsPanel() {
  const { t: texts } = useRequestTexts();
  const t = texts.campaigns;
  const campaigns = usePagedList(campaignsList);
  const list = campaigns.query;
  const columns: TDataTableColumn<TCampaign>[] = [
    {
      key: 'name',
      header: t.campaign,
      render: (row) => (
        <AnchorLink to="/dashboard/requests/campaigns/$campaignId" params={{ campaignId: row.id }}>
          {row.name}
        </AnchorLink>
      ),
    },
    {
      key: 'status',
      header: texts.status,
      render: (row) => (
        <Badge variant="light" color={CAMPAIGN_STATUS_COLORS[row.status]}>
          {texts.labels.campaignStatus[row.status]}
        </Badge>
      ),
    },
    { key: 'sendAt', header: t.sends, render: (row) => formatDateTime(row.sendAt), nowrap: true },
    { key: 'requests', header: t.requests, render: (row) => n(row.figures.requests), align: 'right' },
    { key: 'sent', header: t.sent, render: (row) => n(row.figures.sent), align: 'right' },
    { key: 'delivered', header: t.delivered, render: (row) => n(row.figures.delivered), align: 'right' },
    { key: 'clicked', header: t.clicked, render: (row) => n(row.figures.clicked), align: 'right' },
    { key: 'reviewed', header: t.reviewed, render: (row) => n(row.figures.reviewed), align: 'right' },
    {
      key: 'rating',
      header: t.rating,
      render: (row) => (row.figures.averageRating === null ? '-' : formatRating(row.figures.averageRating)),
      align: 'right',
    },
    { key: 'optedOut', header: texts.optedOut, render: (row) => n(row.figures.optedOut), align: 'right' },
  ];
  return (
    <DataTable
      label={t.label}
      columns={columns}
      rows={list.data?.campaigns ?? []}
      rowKey={(row) => row.id}
      {...loadState(list)}
      emptyText={t.empty}
      error={loadError(list, { title: t.loadFailed })}
      pagination={campaigns.total > REQUESTS_PAGE_SIZE ? campaigns.pagination(campaigns.total) : undefined}
    />
  );
}
