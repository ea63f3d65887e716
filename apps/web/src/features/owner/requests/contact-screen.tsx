import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { TRequestHistoryItem } from '@starloop/contract';
import { useQuery } from '@tanstack/react-query';
import { col } from '../../../components/data-table/columns.tsx';
import { LabelledValue } from '../../../components/labelled-value/labelled-value.tsx';
import { AnchorLink } from '../../../components/router-links.tsx';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { SimpleTable, type TTableColumn } from '../../../components/simple-table/simple-table.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { LoadError } from '../shared/load-error.tsx';
import { contactDetail } from './request-details.ts';
import {
  CHANNEL_LABELS,
  CONSENT_SOURCE_LABELS,
  DELIVERY_STATUS_LABELS,
  OPT_OUT_LABELS,
  REQUEST_STATUS_LABELS,
} from './request-labels.ts';

/** A delivery as the owner reads it: 'WhatsApp reminder: Delivered'. */
const deliveryText = (d: TRequestHistoryItem['deliveries'][number]) =>
  `${CHANNEL_LABELS[d.channel]}${d.purpose === 'reminder' ? ' reminder' : ''}: ${DELIVERY_STATUS_LABELS[d.status]}`;

/** Every request sent to the customer, with what happened to it. */
const REQUEST_COLUMNS: TTableColumn<TRequestHistoryItem>[] = [
  col.text('date', 'Date', (r) => formatDateTime(r.sentAt ?? r.sendAt)),
  col.text('campaign', 'Campaign', (r) => r.campaign?.name ?? 'Sent one by one'),
  col.text('status', 'Status', (r) => REQUEST_STATUS_LABELS[r.status]),
  col.text('messages', 'Messages', (r) => r.deliveries.map(deliveryText).join(', ') || '-'),
  col.text('clicked', 'Clicked', (r) => (r.clicks > 0 ? formatDateTime(r.firstClickedAt) : '-')),
  col.text('review', 'Review', (r) => (r.rating ? `${r.rating}★` : '-')),
];

/** One customer: details, consent, opt-out, and every request sent to them with what happened. */
export function ContactScreen({ contactId }: { contactId: number }) {
  const trpc = useTrpc();
  const history = useQuery(contactDetail.queryOptions(trpc, contactId));
  if (history.isError) return <LoadError title="Failed to load customer" query={history} />;
  if (history.isPending) return <Skeleton height={240} radius="md" />;
  const { contact, requests } = history.data;
  return (
    <Stack gap="lg">
      <AnchorLink to="/dashboard/requests" size="sm">
        ← All requests
      </AnchorLink>
      <SectionCard
        titleId="contact-title"
        title={contact.name ?? contact.phone ?? contact.email}
        titleSize="h3"
      >
        <Group gap="xl" wrap="wrap">
          <LabelledValue label="Phone">
            <Text>{contact.phone ?? '-'}</Text>
          </LabelledValue>
          <LabelledValue label="Email">
            <Text>{contact.email ?? '-'}</Text>
          </LabelledValue>
          <LabelledValue label="Consent">
            <Text>
              {contact.consent
                ? `Yes, ${contact.consentSource ? CONSENT_SOURCE_LABELS[contact.consentSource].toLowerCase() : ''}${contact.consentAt ? `, ${formatDate(contact.consentAt)}` : ''}`
                : 'No'}
            </Text>
          </LabelledValue>
          <LabelledValue label="Messages">
            {contact.optedOutAt ? (
              <Badge color="red" variant="light">
                {contact.optOutSource ? OPT_OUT_LABELS[contact.optOutSource] : 'Opted out'} ·{' '}
                {formatDate(contact.optedOutAt)}
              </Badge>
            ) : (
              <Text>Can be asked</Text>
            )}
          </LabelledValue>
        </Group>
      </SectionCard>
      <SectionCard titleId="history-title" title="Requests" order={3}>
        {requests.length === 0 ? (
          <Text size="sm" c="dimmed">
            No requests sent to this customer yet.
          </Text>
        ) : (
          <SimpleTable
            aria-label="Requests"
            striped
            scroll={{ minWidth: 720, type: 'native' }}
            columns={REQUEST_COLUMNS}
            rows={requests}
            rowKey={(request) => request.id}
          />
        )}
      </SectionCard>
    </Stack>
  );
}
