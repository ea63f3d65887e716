import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Progress,
  Radio,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { TGoogleReplyRule, TGoogleStatus } from '@starloop/contract';
import { fill, plural } from '@starloop/review-page';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../../components/notify.ts';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useOwnerLanguage } from '../../../lib/owner-i18n/owner-i18n.tsx';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { useGoogleStatus, useRefreshGoogle } from './use-google-status.ts';

/** Consent round trips already finished in this tab (StrictMode runs effects twice; a state works once). */
const finishedStates = new Set<string>();

/** `?code=&state=` (or `?error=`) as Google sends the owner back to Settings. */
export function consentReturn(
  search: Record<string, unknown>,
): { code: string; state: string } | { error: string } | undefined {
  const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value));
  const state = text(search.state);
  const error = text(search.error);
  if (error && state) return { error };
  const code = text(search.code);
  return code && state ? { code, state } : undefined;
}

/**
 * "Google Business Profile" on Settings: connect (Google's consent page), choose the location,
 * the import's progress, sync and errors, the auto-publish rules, and disconnect. Hidden when the
 * server has no Google credentials.
 */
export function GoogleSection() {
  const t = useOwnerMessages().google;
  const trpc = useTrpc();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const pathname = useLocation({ select: (location) => location.pathname });
  const status = useGoogleStatus({ poll: true });
  const refresh = useRefreshGoogle();
  const connect = useMutation(trpc.owner.google.connect.mutationOptions());
  const finish = useMutation(trpc.owner.google.finishConnect.mutationOptions());
  // Google's refusal is our own text, shown in the language of the moment; a failure has the server's.
  const [consentError, setConsentError] = useState<'refused' | { message: string } | null>(null);
  const handled = useRef(false);
  // The round trip's toast comes after the catalog has loaded: it reads the texts of that moment.
  const texts = useRef(t);
  useEffect(() => {
    texts.current = t;
  }, [t]);

  // Back from Google: spend the state and code once, then take them out of the address bar.
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const back = consentReturn(search);
    if (!back) return;
    // The page the owner came back to (Settings, or its Channels section).
    void navigate({ to: pathname as '/dashboard/settings', search: {}, replace: true });
    if ('error' in back) {
      setConsentError('refused');
      return;
    }
    if (finishedStates.has(back.state)) return;
    finishedStates.add(back.state);
    finish.mutate(back, {
      onSuccess: () => {
        notify.success(texts.current.connected);
        void refresh();
      },
      onError: (error) => setConsentError({ message: anyMessage(error) }),
    });
  }, [finish, navigate, pathname, refresh, search]);

  const startConnect = () =>
    connect.mutate(undefined, {
      onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
      onError: (error) => notify.error(anyMessage(error)),
    });

  if (status.isError || status.data?.enabled === false) return null;
  // Nothing shows until the server says it has Google (a server without it hides the section).
  if (status.isPending && !finish.isPending) return null;

  return (
    <SectionCard
      titleId="google-title"
      title={t.title}
      aside={status.data ? <ConnectionBadge status={status.data} /> : null}
    >
      {consentError ? (
        <Alert color="red" variant="light" mb="sm" withCloseButton onClose={() => setConsentError(null)}>
          {consentError === 'refused' ? t.consentFailed : consentError.message}
        </Alert>
      ) : null}
      {status.isPending || finish.isPending ? (
        <Skeleton height={80} data-testid="google-loading" />
      ) : status.data.status === 'not_connected' ? (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t.intro}</Text>
          <Button onClick={startConnect} loading={connect.isPending}>
            {t.connect}
          </Button>
        </Stack>
      ) : status.data.status === 'revoked' ? (
        <Stack gap="sm" align="flex-start">
          <Alert color="red" variant="light" title={t.reconnectNeeded}>
            {t.revoked}
          </Alert>
          <Group>
            <Button onClick={startConnect} loading={connect.isPending}>
              {t.reconnect}
            </Button>
            <DisconnectButton />
          </Group>
        </Stack>
      ) : status.data.status === 'choose_location' ? (
        <LocationPicker />
      ) : (
        <ActiveConnection status={status.data} />
      )}
    </SectionCard>
  );
}

function ConnectionBadge({ status }: { status: TGoogleStatus }) {
  const t = useOwnerMessages().google.badge;
  // Light badges: dark text on a pale ground keeps the contrast readable (axe, WCAG AA).
  if (status.status === 'active')
    return (
      <Badge color="green" variant="light">
        {t.active}
      </Badge>
    );
  if (status.status === 'revoked')
    return (
      <Badge color="red" variant="light">
        {t.revoked}
      </Badge>
    );
  if (status.status === 'choose_location')
    return (
      <Badge color="blue" variant="light">
        {t.chooseLocation}
      </Badge>
    );
  return (
    <Badge color="gray" variant="light">
      {t.notConnected}
    </Badge>
  );
}

/** The accounts and locations the owner's Google grant manages; one is chosen. */
function LocationPicker() {
  const t = useOwnerMessages().google;
  const trpc = useTrpc();
  const refresh = useRefreshGoogle();
  const locations = useQuery(trpc.owner.google.locations.queryOptions());
  const select = useMutation(trpc.owner.google.selectLocation.mutationOptions());
  const [chosen, setChosen] = useState<string | null>(null);
  const [useForReviewLink, setUseForReviewLink] = useState(true);

  if (locations.isPending) return <Skeleton height={80} />;
  if (locations.isError) {
    return (
      <Alert color="red" variant="light">
        {fill(t.locationsFailed, { message: anyMessage(locations.error) })}
      </Alert>
    );
  }
  const all = locations.data.accounts.flatMap((account) =>
    account.locations.map((location) => ({ account, location, value: `${account.name}|${location.name}` })),
  );
  if (all.length === 0) {
    return <Text size="sm">{t.noLocations}</Text>;
  }
  const save = () => {
    const pick = all.find((l) => l.value === chosen);
    if (!pick) return;
    select.mutate(
      { accountName: pick.account.name, locationName: pick.location.name, useForReviewLink },
      {
        onSuccess: () => {
          notify.success(t.locationSaved);
          void refresh();
        },
        onError: (error) => notify.error(anyMessage(error)),
      },
    );
  };
  return (
    <Stack gap="sm">
      <Radio.Group label={t.whichLocation} value={chosen} onChange={setChosen}>
        <Stack gap="xs" mt="xs">
          {all.map(({ account, location, value }) => (
            <Radio
              key={value}
              value={value}
              label={location.title}
              description={[location.address, account.accountName].filter(Boolean).join(' · ')}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Checkbox
        label={t.useForReviewLink}
        description={t.useForReviewLinkHelp}
        checked={useForReviewLink}
        onChange={(event) => setUseForReviewLink(event.currentTarget.checked)}
      />
      <Group>
        <Button onClick={save} disabled={!chosen} loading={select.isPending}>
          {t.useLocation}
        </Button>
      </Group>
    </Stack>
  );
}

function ActiveConnection({ status }: { status: TGoogleStatus }) {
  const t = useOwnerMessages().google;
  const trpc = useTrpc();
  const refresh = useRefreshGoogle();
  const sync = useMutation(trpc.owner.google.sync.mutationOptions());
  const { sync: progress } = status;
  const importing = !progress.firstImportDone || progress.state !== 'idle';
  const total = progress.importTotal ?? 0;
  const percent = total > 0 ? Math.min(100, Math.round((progress.importDone / total) * 100)) : 0;

  return (
    <Stack gap="sm">
      <Text size="sm">
        {t.location} <strong>{status.locationTitle ?? status.locationName}</strong> ·{' '}
        {fill(t.reviewCount, { count: formatNumber(status.reviewCount) })}
      </Text>
      {importing ? (
        <Stack gap={4}>
          <Text size="sm" id="google-progress-label">
            {progress.firstImportDone ? t.syncing : t.importing}{' '}
            {total > 0
              ? fill(t.progress, { done: formatNumber(progress.importDone), total: formatNumber(total) })
              : ''}
          </Text>
          <Progress value={percent} animated aria-labelledby="google-progress-label" />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {fill(t.lastSynced, {
            when: progress.lastSyncedAt ? formatDateTime(progress.lastSyncedAt) : t.notYet,
          })}
        </Text>
      )}
      {progress.lastError ? (
        <Alert color="orange" variant="light" title={t.lastError}>
          {progress.lastError}
          {progress.lastErrorAt ? ` (${formatDateTime(progress.lastErrorAt)})` : ''}
        </Alert>
      ) : null}
      <Group>
        <Button
          variant="default"
          loading={sync.isPending}
          disabled={importing}
          onClick={() =>
            sync.mutate(undefined, {
              onSuccess: ({ message }) => {
                notify.success(message);
                void refresh();
              },
              onError: (error) => notify.error(anyMessage(error)),
            })
          }
        >
          {t.syncNow}
        </Button>
        <DisconnectButton />
      </Group>
      <ReplyRules rules={status.replyRules} />
    </Stack>
  );
}

function DisconnectButton() {
  const t = useOwnerMessages().google;
  const trpc = useTrpc();
  const refresh = useRefreshGoogle();
  const disconnect = useMutation(trpc.owner.google.disconnect.mutationOptions());
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
        {t.disconnect}
      </Button>
    );
  }
  return (
    <Group gap="xs">
      <Text size="sm">{t.disconnectConfirm}</Text>
      <Button
        color="red"
        size="xs"
        loading={disconnect.isPending}
        onClick={() =>
          disconnect.mutate(undefined, {
            onSuccess: ({ message }) => {
              notify.success(message);
              setConfirming(false);
              void refresh();
            },
            onError: (error) => notify.error(anyMessage(error)),
          })
        }
      >
        {t.disconnectYes}
      </Button>
      <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
        {t.cancel}
      </Button>
    </Group>
  );
}

const RATINGS = [5, 4, 3, 2, 1] as const;

/** Per star rating: publish the drafted reply by itself after a delay, or always ask the owner. */
function ReplyRules({ rules }: { rules: TGoogleReplyRule[] }) {
  const t = useOwnerMessages().google.rules;
  const { language } = useOwnerLanguage();
  const trpc = useTrpc();
  const refresh = useRefreshGoogle();
  const save = useMutation(trpc.owner.google.updateRules.mutationOptions());
  const initial = () =>
    RATINGS.map(
      (rating) =>
        rules.find((r) => r.rating === rating) ?? { rating, mode: 'ask' as const, delayMinutes: 120 },
    );
  const [draft, setDraft] = useState<TGoogleReplyRule[]>(initial);
  const update = (rating: number, patch: Partial<TGoogleReplyRule>) =>
    setDraft((current) => current.map((r) => (r.rating === rating ? { ...r, ...patch } : r)));

  return (
    <Stack gap="xs" mt="sm">
      <Title order={3} size="h5">
        {t.title}
      </Title>
      <Text size="xs" c="dimmed">
        {t.intro}
      </Text>
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {draft.map((rule) => (
            <Table.Tr key={rule.rating}>
              <Table.Td w={90}>
                <Text size="sm">{plural(language, t.stars, rule.rating)}</Text>
              </Table.Td>
              <Table.Td>
                <SegmentedControl
                  size="xs"
                  aria-label={fill(t.mode, { n: rule.rating })}
                  value={rule.mode}
                  onChange={(mode) => update(rule.rating, { mode: mode as TGoogleReplyRule['mode'] })}
                  data={[
                    { value: 'ask', label: t.ask },
                    { value: 'auto', label: t.auto },
                  ]}
                />
              </Table.Td>
              <Table.Td w={170}>
                {rule.mode === 'auto' ? (
                  <NumberInput
                    size="xs"
                    aria-label={fill(t.delay, { n: rule.rating })}
                    suffix={t.delaySuffix}
                    min={0}
                    max={168}
                    value={rule.delayMinutes / 60}
                    onChange={(value) =>
                      update(rule.rating, { delayMinutes: Math.round(Number(value || 0) * 60) })
                    }
                  />
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button
          size="xs"
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { rules: draft },
              {
                onSuccess: () => {
                  notify.success(t.saved);
                  void refresh();
                },
                onError: (error) => notify.error(anyMessage(error)),
              },
            )
          }
        >
          {t.save}
        </Button>
      </Group>
    </Stack>
  );
}
