import { Badge, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LabelledValue } from '../../../components/labelled-value/labelled-value.tsx';
import { AnchorLink } from '../../../components/router-links.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { LoadError } from '../shared/load-error.tsx';
import {
  CHANNEL_LABELS,
  CONSENT_SOURCE_LABELS,
  DELIVERY_STATUS_LABELS,
  OPT_OUT_LABELS,
  REQUEST_STATUS_LABELS,
} from './request-labels.ts';

/** One customer: details, consent, opt-out, and every request sent to them with what happened. */
export function ContactScreen({ contactId }: { contactId: number }) {
  const trpc = useTrpc();
  const history = useQuery(trpc.owner.requests.contactHistory.queryOptions({ id: contactId }));
  if (history.isError) return <LoadError title="Failed to load customer" query={history} />;
  if (history.isPending) return <Skeleton height={240} radius="md" />;
  const { contact, requests } = history.data;
  return (
    <Stack gap="lg">
      <AnchorLink to="/dashboard/requests" size="sm">
        ← All requests
      </AnchorLink>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="contact-title">
        <Title order={2} size="h3" id="contact-title" mb="sm">
          {contact.name ?? contact.phone ?? contact.email}
        </Title>
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
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="history-title">
        <Title order={3} size="h4" id="history-title" mb="sm">
          Requests
        </Title>
        {requests.length === 0 ? (
          <Text size="sm" c="dimmed">
            No requests sent to this customer yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720} type="native">
            <Table aria-label="Requests" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Campaign</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Messages</Table.Th>
                  <Table.Th>Clicked</Table.Th>
                  <Table.Th>Review</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {requests.map((request) => (
                  <Table.Tr key={request.id}>
                    <Table.Td>{formatDateTime(request.sentAt ?? request.sendAt)}</Table.Td>
                    <Table.Td>{request.campaign?.name ?? 'Sent one by one'}</Table.Td>
                    <Table.Td>{REQUEST_STATUS_LABELS[request.status]}</Table.Td>
                    <Table.Td>
                      {request.deliveries
                        .map(
                          (d) =>
                            `${CHANNEL_LABELS[d.channel]}${d.purpose === 'reminder' ? ' reminder' : ''}: ${DELIVERY_STATUS_LABELS[d.status]}`,
                        )
                        .join(', ') || '-'}
                    </Table.Td>
                    <Table.Td>{request.clicks > 0 ? formatDateTime(request.firstClickedAt) : '-'}</Table.Td>
                    <Table.Td>{request.rating ? `${request.rating}★` : '-'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
