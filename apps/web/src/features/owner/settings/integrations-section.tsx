import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  OUTBOUND_EVENT_TYPES,
  SIGNATURE_HEADER,
  type TApiKey,
  type TOutboundEventType,
  type TWebhookDelivery,
  ZApiKeyCreate,
  ZWebhookEndpointCreate,
} from '@starloop/contract';
import {
  type QueryKey,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { col } from '../../../components/data-table/columns.tsx';
import { notify } from '../../../components/notify.ts';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { SimpleTable, type TTableColumn } from '../../../components/simple-table/simple-table.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { submitHandler, useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { LoadError } from '../shared/load-error.tsx';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-IN') : '—');
const STATUS_COLOR = { pending: 'yellow', succeeded: 'green', failed: 'red' } as const;

/** A catalog text whose {placeholders} are code samples, kept whole wherever the language puts them. */
const withCode = (template: string, samples: Record<string, string>): ReactNode =>
  template
    .split(/\{(\w+)\}/)
    .map((part, i) => (i % 2 ? <Code key={part}>{samples[part] ?? part}</Code> : part));

/** A value shown once (a new key or signing secret), with the instruction to copy it now. */
function ShownOnce({ label, value, onDone }: { label: string; value: string | null; onDone: () => void }) {
  const t = useOwnerMessages().integrations;
  if (!value) return null;
  return (
    <Alert color="green" variant="light" title={label} withCloseButton onClose={onDone}>
      <Text size="sm" mb="xs">
        {t.copyNow}
      </Text>
      <Code block data-testid="shown-once">
        {value}
      </Code>
    </Alert>
  );
}

/**
 * A list of keys or endpoints: what a create answers is shown once (the key, the signing secret);
 * a create or a removal reloads the list; a failure is a toast.
 */
function useShownOnceList(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const onError = (error: unknown) => notify.error(anyMessage(error));
  return {
    shown,
    hide: () => setShown(null),
    /** The create's callbacks: the answer's `secret` field is shown once, `clear` empties the form. */
    createOptions: <K extends string>(secret: K, clear: () => void) => ({
      onSuccess: (created: Record<K, string>) => {
        setShown(created[secret]);
        clear();
        void refresh();
      },
      onError,
    }),
    /** The removal's callbacks: its message is a toast. */
    removeOptions: {
      onSuccess: (result: { message: string }) => {
        notify.success(result.message);
        void refresh();
      },
      onError,
    },
  };
}

/**
 * One part of the section (API keys, webhooks): a failed or pending load, else its title, intro,
 * the value shown once and its own content.
 */
function IntegrationPart<D>({
  query,
  loadFailed,
  title,
  intro,
  shownLabel,
  list,
  children,
}: {
  query: UseQueryResult<D, unknown>;
  loadFailed: string;
  title: string;
  intro: ReactNode;
  shownLabel: string;
  list: Pick<ReturnType<typeof useShownOnceList>, 'shown' | 'hide'>;
  children: (data: D) => ReactNode;
}) {
  if (query.isError) return <LoadError title={loadFailed} query={query} />;
  if (query.isPending) return <Skeleton height={80} />;
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
      <ShownOnce label={shownLabel} value={list.shown} onDone={list.hide} />
      {children(query.data)}
    </Stack>
  );
}

const NEW_KEY = { name: '' };

function ApiKeys() {
  const t = useOwnerMessages().integrations.apiKeys;
  const trpc = useTrpc();
  const keys = useQuery(trpc.owner.integrations.apiKeys.list.queryOptions());
  const form = useForm(ZApiKeyCreate, NEW_KEY);
  const list = useShownOnceList(trpc.owner.integrations.apiKeys.list.queryKey());
  const create = useMutation(
    trpc.owner.integrations.apiKeys.create.mutationOptions(
      list.createOptions('key', () => form.reset(NEW_KEY)),
    ),
  );
  const submit = () => {
    const values = form.submit();
    if (values) create.mutate(values);
  };
  const revoke = useMutation(trpc.owner.integrations.apiKeys.revoke.mutationOptions(list.removeOptions));
  const columns: TTableColumn<TApiKey>[] = [
    col.text('name', t.name, (key) => key.name),
    col.text('key', t.key, (key) => <Code>{key.prefix}…</Code>),
    col.text('used', t.lastUsed, (key) => when(key.lastUsedAt)),
    col.text('actions', '', (key) =>
      key.revokedAt ? (
        <Badge color="gray">{t.revoked}</Badge>
      ) : (
        <Button size="xs" variant="subtle" color="red" onClick={() => revoke.mutate({ id: key.id })}>
          {t.revoke}
        </Button>
      ),
    ),
  ];
  return (
    <IntegrationPart
      query={keys}
      loadFailed={t.loadFailed}
      title={t.title}
      intro={withCode(t.intro, { endpoint: 'POST /api/v1/review-requests', auth: t.authSample })}
      shownLabel={t.shown}
      list={list}
    >
      {(data) => (
        <>
          {data.keys.length > 0 ? (
            <SimpleTable columns={columns} rows={data.keys} rowKey={(key) => key.id} />
          ) : null}
          <form noValidate onSubmit={submitHandler(submit, create.isPending)} aria-label={t.form}>
            <Group align="flex-end">
              <TextInput label={t.keyName} placeholder={t.keyNamePlaceholder} {...form.input('name')} />
              <Button type="submit" loading={create.isPending}>
                {t.create}
              </Button>
            </Group>
          </form>
        </>
      )}
    </IntegrationPart>
  );
}

const NEW_ENDPOINT: { url: string; events: TOutboundEventType[] } = {
  url: '',
  events: [...OUTBOUND_EVENT_TYPES],
};

function Webhooks() {
  const t = useOwnerMessages().integrations.webhooks;
  const trpc = useTrpc();
  const endpoints = useQuery(trpc.owner.integrations.webhooks.list.queryOptions());
  const deliveries = useQuery(trpc.owner.integrations.webhooks.deliveries.queryOptions({}));
  const form = useForm(ZWebhookEndpointCreate, NEW_ENDPOINT);
  const list = useShownOnceList(trpc.owner.integrations.webhooks.list.queryKey());
  // A new endpoint empties the URL; the events stay for the next one.
  const create = useMutation(
    trpc.owner.integrations.webhooks.create.mutationOptions(
      list.createOptions('secret', () => form.setField('url', '')),
    ),
  );
  const submit = () => {
    const values = form.submit();
    if (values) create.mutate(values);
  };
  const remove = useMutation(trpc.owner.integrations.webhooks.delete.mutationOptions(list.removeOptions));
  const deliveryColumns: TTableColumn<TWebhookDelivery>[] = [
    col.text('event', t.event, (d) => d.eventType),
    col.text('status', t.status, (d) => (
      <Badge color={STATUS_COLOR[d.status]}>{t.deliveryStatus[d.status]}</Badge>
    )),
    col.text('attempts', t.attempts, (d) => d.attempts),
    col.text('answer', t.answer, (d) => d.lastError ?? d.lastStatusCode ?? '—'),
    col.text('time', t.time, (d) => when(d.lastAttemptAt ?? d.createdAt)),
  ];
  return (
    <IntegrationPart
      query={endpoints}
      loadFailed={t.loadFailed}
      title={t.title}
      intro={withCode(t.intro, { header: SIGNATURE_HEADER, signature: t.signatureSample })}
      shownLabel={t.shown}
      list={list}
    >
      {(data) => (
        <>
          {data.endpoints.map((endpoint) => (
            <Group key={endpoint.id} justify="space-between" wrap="nowrap">
              <Text size="sm" truncate>
                {endpoint.url}{' '}
                <Text span c="dimmed">
                  ({endpoint.events.join(', ')})
                </Text>
              </Text>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => remove.mutate({ id: endpoint.id })}
              >
                {t.remove}
              </Button>
            </Group>
          ))}
          <form noValidate onSubmit={submitHandler(submit, create.isPending)} aria-label={t.form}>
            <Stack gap="xs">
              <TextInput label={t.url} placeholder="https://" {...form.input('url')} />
              <Checkbox.Group
                label={t.events}
                value={form.values.events}
                onChange={(next) => form.setField('events', next as TOutboundEventType[])}
                error={form.errors.events}
              >
                <Group mt={4}>
                  {OUTBOUND_EVENT_TYPES.map((type) => (
                    <Checkbox key={type} value={type} label={type} />
                  ))}
                </Group>
              </Checkbox.Group>
              <Group>
                <Button type="submit" loading={create.isPending}>
                  {t.add}
                </Button>
              </Group>
            </Stack>
          </form>
          {deliveries.data && deliveries.data.deliveries.length > 0 ? (
            <SimpleTable
              aria-label={t.deliveries}
              columns={deliveryColumns}
              rows={deliveries.data.deliveries}
              rowKey={(delivery) => delivery.id}
            />
          ) : null}
        </>
      )}
    </IntegrationPart>
  );
}

/** API keys and webhooks (Professional): other systems send review requests and hear about reviews. */
export function IntegrationsSection() {
  const t = useOwnerMessages().integrations;
  const trpc = useTrpc();
  const keys = useQuery(trpc.owner.integrations.apiKeys.list.queryOptions());
  return (
    <SectionCard titleId="integrations-title" title={t.title}>
      {keys.data && !keys.data.allowed ? (
        <Text size="sm" c="dimmed">
          {t.professionalOnly}
        </Text>
      ) : (
        <Stack gap="lg">
          <ApiKeys />
          <Webhooks />
        </Stack>
      )}
    </SectionCard>
  );
}
