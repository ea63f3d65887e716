import { Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TChannelFigures } from '@starloop/contract';
import { fill } from '@starloop/review-page';
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
import { formatDateTime, formatNumber, formatRating } from '../../../lib/format.ts';
import type { TOwnerMessages } from '../../../lib/owner-i18n/en.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { LoadError } from '../shared/load-error.tsx';
import { campaignDetail } from './request-details.ts';
import { CAMPAIGN_STATUS_COLORS, shareOf } from './request-labels.ts';
import { useRequestTexts } from './request-texts.ts';

const n = formatNumber;
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

const channelColumns = (texts: TOwnerMessages['requests']): TTableColumn<TChannelFigures>[] => {
  const t = texts.campaign;
  return [
    col.text('channel', t.channel, (row) => texts.labels.channel[row.channel]),
    countColumn('sent', t.sent),
    countColumn('delivered', t.delivered),
    countColumn('read', t.read),
    countColumn('failed', t.failed),
    countColumn('clicked', t.clicked),
    countColumn('reviewed', t.reviewed),
    col.text('ratings', t.ratings, (row) => stars(row.ratings)),
    countColumn('optedOut', texts.optedOut),
  ];
};

/** One campaign: its figures (sent, delivered, read, clicked, reviewed with ratings, opted out) per channel. */
export function CampaignScreen({ campaignId }: { campaignId: number }) {
  const { t: texts, count } = useRequestTexts();
  const t = texts.campaign;
  const trpc = useTrpc();
  // Figures move while messages go out and customers answer: the screen refreshes itself.
  const campaign = useQuery({
    ...campaignDetail.queryOptions(trpc, campaignId),
    refetchInterval: 5000,
  });
  const cancel = useMutation(trpc.owner.requests.cancelCampaign.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  if (campaign.isError) return <LoadError title={t.loadFailed} query={campaign} />;
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
            {texts.allRequests}
          </AnchorLink>
          <Group gap="sm">
            <Title order={2} size="h3">
              {data.name}
            </Title>
            <Badge variant="light" color={CAMPAIGN_STATUS_COLORS[data.status]}>
              {texts.labels.campaignStatus[data.status]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {fill(data.status === 'scheduled' ? t.sendsAt : t.sentAt, { at: formatDateTime(data.sendAt) })}
            {data.reminderAfterDays ? ` · ${count(t.reminder, data.reminderAfterDays)}` : ''}
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
                setError(anyMessage(cancelError, t.cancelFailed));
              }
            }}
          >
            {t.cancel}
          </Button>
        ) : null}
      </Group>
      <ErrorBanner message={error} />
      <StatGrid cols={6}>
        <StatCard
          label={t.sent}
          value={n(f.sent)}
          hint={f.waiting ? fill(t.waiting, { n: n(f.waiting) }) : undefined}
        />
        <StatCard label={t.delivered} value={n(f.delivered)} hint={shareOf(f.delivered, f.sent)} />
        <StatCard label={t.read} value={n(f.read)} hint={shareOf(f.read, f.sent)} />
        <StatCard label={t.clicked} value={n(f.clicked)} hint={shareOf(f.clicked, f.sent)} />
        <StatCard
          label={t.reviewed}
          value={n(f.reviewed)}
          hint={
            f.averageRating === null ? undefined : fill(t.average, { rating: formatRating(f.averageRating) })
          }
        />
        <StatCard label={texts.optedOut} value={n(f.optedOut)} />
      </StatGrid>
      <SectionCard titleId="by-channel-title" title={t.byChannel} order={3}>
        <SimpleTable
          aria-label={t.byChannel}
          striped
          scroll={{ minWidth: 720, type: 'native' }}
          columns={channelColumns(texts)}
          rows={data.byChannel}
          rowKey={(row) => row.channel}
          empty={
            <Text size="sm" c="dimmed">
              {t.nothingSent}
            </Text>
          }
        />
        <Text size="xs" c="dimmed" mt="sm">
          {t.emailNote}
        </Text>
      </SectionCard>
      {skippedTotal > 0 ? (
        <Text size="sm" c="dimmed">
          {fill(t.notAsked, {
            reasons: [
              fill(t.tooSoon, { n: n(skipped.tooSoon) }),
              fill(t.noConsent, { n: n(skipped.noConsent) }),
              fill(t.skippedOptedOut, { n: n(skipped.optedOut) }),
              fill(t.noChannel, { n: n(skipped.noChannel) }),
              ...(skipped.notFound ? [fill(t.notFound, { n: n(skipped.notFound) })] : []),
            ].join(', '),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
