import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  INTEGRATION_TEXTS,
  OUTBOUND_EVENT_TYPES,
  SIGNATURE_HEADER,
  type TOutboundEventType,
} from '@starloop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../components/notify.ts';
import { anyMessage } from '../../../lib/api-errors.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { LoadError } from '../shared/load-error.tsx';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-IN') : '—');
const STATUS_COLOR = { pending: 'yellow', succeeded: 'green', failed: 'red' } as const;

/** A value shown once (a new key or signing secret), with the instruction to copy it now. */
function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  return (
    <Alert color="green" variant="light" title={label} withCloseButton onClose={onDone}>
      <Text size="sm" mb="xs">
        Copy it now: it will not be shown again.
      </Text>
      <Code block data-testid="shown-once">
        {value}
      </Code>
    </Alert>
  );
}

function ApiKeys() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.owner.integrations.apiKeys.list.queryOptions());
  const [name, setName] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.owner.integrations.apiKeys.list.queryKey() });
  const create = useMutation(
    trpc.owner.integrations.apiKeys.create.mutationOptions({
      onSuccess: (created) => {
        setShown(created.key);
        setName('');
        void refresh();
      },
      onError: (error) => notify.error(anyMessage(error)),
    }),
  );
  const revoke = useMutation(
    trpc.owner.integrations.apiKeys.revoke.mutationOptions({
      onSuccess: (result) => {
        notify.success(result.message);
        void refresh();
      },
      onError: (error) => notify.error(anyMessage(error)),
    }),
  );
  if (keys.isError) return <LoadError title="Failed to load API keys" query={keys} />;
  if (keys.isPending) return <Skeleton height={80} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name });
  };
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        API keys
      </Title>
      <Text size="sm" c="dimmed">
        Your billing or POS system can send a review request with <Code>POST /api/v1/review-requests</Code>{' '}
        and <Code>Authorization: Bearer &lt;key&gt;</Code> (see the API documentation).
      </Text>
      {shown ? <ShownOnce label="Your new API key" value={shown} onDone={() => setShown(null)} /> : null}
      {keys.data.keys.length > 0 ? (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Key</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.data.keys.map((key) => (
              <Table.Tr key={key.id}>
                <Table.Td>{key.name}</Table.Td>
                <Table.Td>
                  <Code>{key.prefix}…</Code>
                </Table.Td>
                <Table.Td>{when(key.lastUsedAt)}</Table.Td>
                <Table.Td>
                  {key.revokedAt ? (
                    <Badge color="gray">Revoked</Badge>
                  ) : (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => revoke.mutate({ id: key.id })}
                    >
                      Revoke
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <form onSubmit={submit} aria-label="New API key">
        <Group align="flex-end">
          <TextInput
            label="Key name"
            placeholder="Billing counter"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

function Webhooks() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const endpoints = useQuery(trpc.owner.integrations.webhooks.list.queryOptions());
  const deliveries = useQuery(trpc.owner.integrations.webhooks.deliveries.queryOptions({}));
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<TOutboundEventType[]>([...OUTBOUND_EVENT_TYPES]);
  const [shown, setShown] = useState<string | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.owner.integrations.webhooks.list.queryKey() });
  const create = useMutation(
    trpc.owner.integrations.webhooks.create.mutationOptions({
      onSuccess: (created) => {
        setShown(created.secret);
        setUrl('');
        void refresh();
      },
      onError: (error) => notify.error(anyMessage(error)),
    }),
  );
  const remove = useMutation(
    trpc.owner.integrations.webhooks.delete.mutationOptions({
      onSuccess: (result) => {
        notify.success(result.message);
        void refresh();
      },
      onError: (error) => notify.error(anyMessage(error)),
    }),
  );
  if (endpoints.isError) return <LoadError title="Failed to load webhooks" query={endpoints} />;
  if (endpoints.isPending) return <Skeleton height={80} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ url, events });
  };
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Webhooks
      </Title>
      <Text size="sm" c="dimmed">
        StarLoop POSTs each event to your HTTPS endpoint, signed in <Code>{SIGNATURE_HEADER}</Code> as{' '}
        <Code>t=&lt;unix time&gt;,v1=&lt;HMAC-SHA256 of "t.body"&gt;</Code> with the endpoint's secret, and
        retries for a few hours until you answer 2xx.
      </Text>
      {shown ? <ShownOnce label="Signing secret" value={shown} onDone={() => setShown(null)} /> : null}
      {endpoints.data.endpoints.map((endpoint) => (
        <Group key={endpoint.id} justify="space-between" wrap="nowrap">
          <Text size="sm" truncate>
            {endpoint.url}{' '}
            <Text span c="dimmed">
              ({endpoint.events.join(', ')})
            </Text>
          </Text>
          <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate({ id: endpoint.id })}>
            Remove
          </Button>
        </Group>
      ))}
      <form onSubmit={submit} aria-label="New webhook endpoint">
        <Stack gap="xs">
          <TextInput
            label="Endpoint URL"
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
          <Checkbox.Group
            label="Events"
            value={events}
            onChange={(next) => setEvents(next as TOutboundEventType[])}
          >
            <Group mt={4}>
              {OUTBOUND_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={type} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={create.isPending}>
              Add endpoint
            </Button>
          </Group>
        </Stack>
      </form>
      {deliveries.data && deliveries.data.deliveries.length > 0 ? (
        <Table aria-label="Webhook deliveries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th>Answer</Table.Th>
              <Table.Th>Time</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.data.deliveries.map((delivery) => (
              <Table.Tr key={delivery.id}>
                <Table.Td>{delivery.eventType}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[delivery.status]}>{delivery.status}</Badge>
                </Table.Td>
                <Table.Td>{delivery.attempts}</Table.Td>
                <Table.Td>{delivery.lastError ?? delivery.lastStatusCode ?? '—'}</Table.Td>
                <Table.Td>{when(delivery.lastAttemptAt ?? delivery.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}

/** API keys and webhooks (Professional): other systems send review requests and hear about reviews. */
export function IntegrationsSection() {
  const trpc = useTrpc();
  const keys = useQuery(trpc.owner.integrations.apiKeys.list.queryOptions());
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="integrations-title">
      <Title order={2} size="h4" id="integrations-title" mb="sm">
        Integrations
      </Title>
      {keys.data && !keys.data.allowed ? (
        <Text size="sm" c="dimmed">
          {INTEGRATION_TEXTS.professionalOnly}
        </Text>
      ) : (
        <Stack gap="lg">
          <ApiKeys />
          <Webhooks />
        </Stack>
      )}
    </Paper>
  );
}
