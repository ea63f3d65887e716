import { Badge, Button, Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { TContact, TContactFilter } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { BusyModal, ModalActions } from '../../../components/busy-modal/busy-modal.tsx';
import type { TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { loadError, PagedDataTable } from '../../../components/data-table/paged-data-table.tsx';
import { usePagedList } from '../../../components/data-table/use-paged-list.ts';
import { ErrorBanner } from '../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../components/notify.ts';
import { AnchorLink } from '../../../components/router-links.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AddContactDialog, CampaignDialog, SendNowDialog } from './contact-dialogs.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { contactsList, REQUESTS_PAGE_SIZE } from './request-lists.ts';
import { useRequestTexts } from './request-texts.ts';

/** What names a customer: their name, else their phone or email, else `fallback` ('Customer'). */
export const contactLabel = (contact: Pick<TContact, 'name' | 'phone' | 'email'>, fallback: string) =>
  contact.name ?? contact.phone ?? contact.email ?? fallback;

/**
 * The owner's customers: add one, import a file, send one request, tick some for a campaign, open
 * a customer's history or mark them opted out. Page, search and filter live in the URL.
 */
export function ContactsPanel({
  onChanged,
  onCampaign,
}: {
  onChanged: () => void;
  onCampaign: (id: number) => void;
}) {
  const { t: texts, count } = useRequestTexts();
  const t = texts.contacts;
  const labelOf = (contact: TContact) => contactLabel(contact, t.customer);
  const trpc = useTrpc();
  const contacts = usePagedList(contactsList);
  const list = contacts.query;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<'add' | 'import' | 'send' | 'campaign' | null>(null);
  const [sendTo, setSendTo] = useState<TContact | null>(null);
  const [optingOut, setOptingOut] = useState<TContact | null>(null);
  const [optOutError, setOptOutError] = useState<string | null>(null);
  const optOut = useMutation(trpc.owner.requests.optOutContact.mutationOptions());

  const refresh = async () => {
    await list.refetch();
    onChanged();
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const rows = list.data?.contacts ?? [];
  const columns: TDataTableColumn<TContact>[] = [
    {
      key: 'pick',
      header: '',
      render: (row) => (
        <Checkbox
          aria-label={fill(t.choose, { name: labelOf(row) })}
          checked={selected.has(row.id)}
          disabled={row.optedOutAt !== null || !row.consent}
          onChange={(event) => toggle(row.id, event.currentTarget.checked)}
        />
      ),
    },
    {
      key: 'name',
      header: texts.name,
      render: (row) => (
        <AnchorLink to="/dashboard/requests/contacts/$contactId" params={{ contactId: row.id }}>
          {row.name ?? t.noName}
        </AnchorLink>
      ),
    },
    { key: 'phone', header: texts.phone, render: (row) => row.phone ?? '-', nowrap: true },
    { key: 'email', header: texts.email, render: (row) => row.email ?? '-' },
    {
      key: 'status',
      header: texts.status,
      render: (row) =>
        row.optedOutAt ? (
          <Badge color="red" variant="light">
            {row.optOutSource ? texts.labels.optOut[row.optOutSource] : texts.optedOut}
          </Badge>
        ) : row.consent ? (
          <Badge color="green" variant="light">
            {t.agreed}
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            {t.noConsent}
          </Badge>
        ),
    },
    {
      key: 'asked',
      header: t.lastAsked,
      render: (row) => formatDate(row.lastRequestedAt) || '-',
      nowrap: true,
    },
    {
      key: 'actions',
      header: t.actions,
      nowrap: true,
      render: (row) =>
        row.optedOutAt ? null : (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="compact-xs"
              variant="light"
              disabled={!row.consent}
              onClick={() => {
                setSendTo(row);
                setDialog('send');
              }}
            >
              {t.sendRequest}
            </Button>
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => setOptingOut(row)}>
              {t.optOut}
            </Button>
          </Group>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          aria-label={t.show}
          value={contacts.search.filter}
          onChange={(value) => contacts.setFilter('filter', value as TContactFilter)}
          data={[
            { value: 'all', label: t.all },
            { value: 'reachable', label: texts.canBeAsked },
            { value: 'opted-out', label: texts.optedOut },
          ]}
        />
        <Text size="sm" c="dimmed">
          {list.data
            ? fill(t.summary, {
                customers: count(t.count, list.data.counts.total),
                optedOut: formatNumber(list.data.counts.optedOut),
              })
            : ''}
        </Text>
      </Group>
      <PagedDataTable
        list={contacts}
        label={t.label}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        empty={[t.noMatch, t.empty]}
        error={loadError(list, { title: t.loadFailed })}
        searchBox={{ placeholder: t.searchPlaceholder, label: t.search, debounceMs: 300 }}
        toolbar={
          <Group gap="xs">
            <Button variant="default" onClick={() => setDialog('add')}>
              {t.addCustomer}
            </Button>
            <Button variant="default" onClick={() => setDialog('import')}>
              {t.import}
            </Button>
            <Button
              variant="light"
              onClick={() => {
                setSendTo(null);
                setDialog('send');
              }}
            >
              {t.sendARequest}
            </Button>
            <Button onClick={() => setDialog('campaign')}>
              {selected.size > 0 ? fill(t.newCampaignTicked, { n: selected.size }) : t.newCampaign}
            </Button>
          </Group>
        }
        // The pager only when there is more than one page.
        pagination={contacts.total > REQUESTS_PAGE_SIZE ? undefined : null}
      />
      <AddContactDialog
        opened={dialog === 'add'}
        onClose={() => setDialog(null)}
        onSaved={() => void refresh()}
      />
      <ImportDialog
        opened={dialog === 'import'}
        onClose={() => setDialog(null)}
        onDone={() => void refresh()}
      />
      <SendNowDialog
        opened={dialog === 'send'}
        onClose={() => setDialog(null)}
        onSent={() => void refresh()}
        contact={sendTo ? { id: sendTo.id, label: labelOf(sendTo) } : null}
      />
      <CampaignDialog
        opened={dialog === 'campaign'}
        onClose={() => setDialog(null)}
        contactIds={[...selected]}
        onCreated={(id) => {
          setSelected(new Set());
          void refresh();
          onCampaign(id);
        }}
      />
      <BusyModal
        opened={optingOut !== null}
        onClose={() => {
          setOptingOut(null);
          setOptOutError(null);
        }}
        busy={optOut.isPending}
        title={t.optOutTitle}
      >
        <Stack gap="md">
          <Text size="sm">{optingOut ? fill(t.optOutText, { name: labelOf(optingOut) }) : ''}</Text>
          <ErrorBanner message={optOutError} />
          <ModalActions
            busy={optOut.isPending}
            onCancel={() => setOptingOut(null)}
            onConfirm={async () => {
              if (!optingOut) return;
              try {
                const result = await optOut.mutateAsync({ id: optingOut.id });
                notify.success(result.message);
                setOptingOut(null);
                await refresh();
              } catch (error) {
                setOptOutError(anyMessage(error, texts.saveFailed));
              }
            }}
            color="red"
            label={optOut.isPending ? texts.saving : t.optOut}
            focusCancel
          />
        </Stack>
      </BusyModal>
    </Stack>
  );
}
