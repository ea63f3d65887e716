import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { TRequestHistoryItem } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useQuery } from '@tanstack/react-query';
import { col } from '../../../components/data-table/columns.tsx';
import { LabelledValue } from '../../../components/labelled-value/labelled-value.tsx';
import { AnchorLink } from '../../../components/router-links.tsx';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { SimpleTable, type TTableColumn } from '../../../components/simple-table/simple-table.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import type { TOwnerMessages } from '../../../lib/owner-i18n/en.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { LoadError } from '../shared/load-error.tsx';
import { contactDetail } from './request-details.ts';
import { useRequestTexts } from './request-texts.ts';

/** Every request sent to the customer, with what happened to it. */
const requestColumns = (texts: TOwnerMessages['requests']): TTableColumn<TRequestHistoryItem>[] => {
  const t = texts.contact;
  /** A delivery as the owner reads it: 'WhatsApp reminder: Delivered'. */
  const deliveryText = (d: TRequestHistoryItem['deliveries'][number]) =>
    fill(d.purpose === 'reminder' ? t.reminderDelivery : t.delivery, {
      channel: texts.labels.channel[d.channel],
      status: texts.labels.deliveryStatus[d.status],
    });
  return [
    col.text('date', t.date, (r) => formatDateTime(r.sentAt ?? r.sendAt)),
    col.text('campaign', t.campaign, (r) => r.campaign?.name ?? t.oneByOne),
    col.text('status', texts.status, (r) => texts.labels.requestStatus[r.status]),
    col.text('messages', t.messages, (r) => r.deliveries.map(deliveryText).join(', ') || '-'),
    col.text('clicked', t.clicked, (r) => (r.clicks > 0 ? formatDateTime(r.firstClickedAt) : '-')),
    col.text('review', t.review, (r) => (r.rating ? `${r.rating}★` : '-')),
  ];
};

/** One customer: details, consent, opt-out, and every request sent to them with what happened. */
export function ContactScreen({ contactId }: { contactId: number }) {
  const { t: texts } = useRequestTexts();
  const t = texts.contact;
  const trpc = useTrpc();
  const history = useQuery(contactDetail.queryOptions(trpc, contactId));
  if (history.isError) return <LoadError title={t.loadFailed} query={history} />;
  if (history.isPending) return <Skeleton height={240} radius="md" />;
  const { contact, requests } = history.data;
  return (
    <Stack gap="lg">
      <AnchorLink to="/dashboard/requests" size="sm">
        {texts.allRequests}
      </AnchorLink>
      <SectionCard
        titleId="contact-title"
        title={contact.name ?? contact.phone ?? contact.email}
        titleSize="h3"
      >
        <Group gap="xl" wrap="wrap">
          <LabelledValue label={texts.phone}>
            <Text>{contact.phone ?? '-'}</Text>
          </LabelledValue>
          <LabelledValue label={texts.email}>
            <Text>{contact.email ?? '-'}</Text>
          </LabelledValue>
          <LabelledValue label={t.consent}>
            <Text>
              {contact.consent
                ? `${fill(t.consentYes, {
                    how: contact.consentSource
                      ? texts.labels.consentSource[contact.consentSource].toLowerCase()
                      : '',
                  })}${contact.consentAt ? `, ${formatDate(contact.consentAt)}` : ''}`
                : t.consentNo}
            </Text>
          </LabelledValue>
          <LabelledValue label={t.messages}>
            {contact.optedOutAt ? (
              <Badge color="red" variant="light">
                {contact.optOutSource ? texts.labels.optOut[contact.optOutSource] : texts.optedOut} ·{' '}
                {formatDate(contact.optedOutAt)}
              </Badge>
            ) : (
              <Text>{texts.canBeAsked}</Text>
            )}
          </LabelledValue>
        </Group>
      </SectionCard>
      <SectionCard titleId="history-title" title={t.requests} order={3}>
        {requests.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.none}
          </Text>
        ) : (
          <SimpleTable
            aria-label={t.requests}
            striped
            scroll={{ minWidth: 720, type: 'native' }}
            columns={requestColumns(texts)}
            rows={requests}
            rowKey={(request) => request.id}
          />
        )}
      </SectionCard>
    </Stack>
  );
}
