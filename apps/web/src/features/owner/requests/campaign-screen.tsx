import { Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TChannelFigures } from '@starloop/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { col } from '../../../components/data-table/columns.tsx';
import { ErrorBanner } from '../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../components/notify.ts';
import { AnchorLink } from '../../../components/router-links.tsx';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { SimpleTable, type TTableColumn } from '../../../components/simple-table/simple-table.tsx';
import { StatCard, StatGrid } from '../../../components/stat-card/stat-card.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { formatDateTime, formatRating } from '../../../lib/format.ts';
import { countOf } from '../../../lib/plural.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { LoadError } from '../shared/load-error.tsx';
import { campaignDetail } from './request-details.ts';
import { CAMPAIGN_STATUS_COLORS, CAMPAIGN_STATUS_LABELS, CHANNEL_LABELS, shareOf } from './request-labels.ts';

const n = (value: number) => value.toLocaleString('en-IN');
const stars = (ratings: TChannelFigures['ratings']) =>
  ([5, 4, 3, 2, 1] as const)
    .filter((s) => ratings[s] > 0)
    .map((s) => `${s}★ ${ratings[s]}`)
    .join(', ') || '-';

/** A right-aligned count of each channel's figures. */
const countColumn = (
  key: Exclude<keyof TChannelFigures, 'channel' | 'ratings' | 'averageRating'>,
  header: string,
) => col.text<TChannelFigures>(key, header, (row) => n(row[key]), { align: 'right' });

const CHANNEL_COLUMNS: TTableColumn<TChannelFigures>[] = [
  col.text('channel', 'Channel', (row) => CHANNEL_LABELS[row.channel]),
  countColumn('sent', 'Sent'),
  countColumn('delivered', 'Delivered'),
  countColumn('read', 'Read'),
  countColumn('failed', 'Failed'),
  countColumn('clicked', 'Clicked'),
  countColumn('reviewed', 'Reviewed'),
  col.text('ratings', 'Ratings', (row) => stars(row.ratings)),
  countColumn('optedOut', 'Opted out'),
];

/** One campaign: its figures (sent, delivered, read, clicked, reviewed with ratings, opted out) per channel. */
export function CampaignScreen({ campaignId }: { campaignId: number }) {
  const trpc = useTrpc();
  // Figures move while messages go out and customers answer: the screen refreshes itself.
  const campaign = useQuery({
    ...campaignDetail.queryOptions(trpc, campaignId),
    refetchInterval: 5000,
  });
  const cancel = useMutation(trpc.owner.requests.cancelCampaign.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  if (campaign.isError) return <LoadError title="Failed to load campaign" query={campaign} />;
  if (campaign.isPending) return <Skeleton height={240} radius="md" />;
  const data = campaign.data;
  const f = data.figures;
  const skipped = data.skipped;
  const skippedTotal =
    skipped.optedOut + skipped.noConsent + skipped.tooSoon + skipped.noChannel + skipped.notFound;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <AnchorLink to="/dashboard/requests" size="sm">
            ← All requests
          </AnchorLink>
          <Group gap="sm">
            <Title order={2} size="h3">
              {data.name}
            </Title>
            <Badge variant="light" color={CAMPAIGN_STATUS_COLORS[data.status]}>
              {CAMPAIGN_STATUS_LABELS[data.status]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {data.status === 'scheduled' ? 'Sends' : 'Sent'} {formatDateTime(data.sendAt)}
            {data.reminderAfterDays ? ` · one reminder after ${countOf(data.reminderAfterDays, 'day')}` : ''}
          </Text>
        </Stack>
        {data.status === 'scheduled' || data.status === 'sending' ? (
          <Button
            variant="light"
            color="red"
            loading={cancel.isPending}
            onClick={async () => {
              setError(null);
              try {
                notify.success((await cancel.mutateAsync({ id: campaignId })).message);
                await campaign.refetch();
              } catch (cancelError) {
                setError(anyMessage(cancelError, 'Could not cancel. Please try again.'));
              }
            }}
          >
            Cancel campaign
          </Button>
        ) : null}
      </Group>
      <ErrorBanner message={error} />
      <StatGrid cols={6}>
        <StatCard label="Sent" value={n(f.sent)} hint={f.waiting ? `${n(f.waiting)} waiting` : undefined} />
        <StatCard label="Delivered" value={n(f.delivered)} hint={shareOf(f.delivered, f.sent)} />
        <StatCard label="Read" value={n(f.read)} hint={shareOf(f.read, f.sent)} />
        <StatCard label="Clicked" value={n(f.clicked)} hint={shareOf(f.clicked, f.sent)} />
        <StatCard
          label="Reviewed"
          value={n(f.reviewed)}
          hint={f.averageRating === null ? undefined : `Average ${formatRating(f.averageRating)}`}
        />
        <StatCard label="Opted out" value={n(f.optedOut)} />
      </StatGrid>
      <SectionCard titleId="by-channel-title" title="By channel" order={3}>
        <SimpleTable
          aria-label="By channel"
          striped
          scroll={{ minWidth: 720, type: 'native' }}
          columns={CHANNEL_COLUMNS}
          rows={data.byChannel}
          rowKey={(row) => row.channel}
          empty={
            <Text size="sm" c="dimmed">
              Nothing sent yet.
            </Text>
          }
        />
        <Text size="xs" c="dimmed" mt="sm">
          Email can tell when the mail server took a message (delivered), not when it was read.
        </Text>
      </SectionCard>
      {skippedTotal > 0 ? (
        <Text size="sm" c="dimmed">
          Not asked: {n(skipped.tooSoon)} asked recently, {n(skipped.noConsent)} without consent,{' '}
          {n(skipped.optedOut)} opted out, {n(skipped.noChannel)} unreachable
          {skipped.notFound ? `, ${n(skipped.notFound)} not found` : ''}.
        </Text>
      ) : null}
    </Stack>
  );
}
