import { Badge, Button, Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { TContact, TContactFilter } from '@starloop/contract';
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
import { formatDate } from '../../../lib/format.ts';
import { countOf } from '../../../lib/plural.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AddContactDialog, CampaignDialog, SendNowDialog } from './contact-dialogs.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { OPT_OUT_LABELS } from './request-labels.ts';
import { contactsList, REQUESTS_PAGE_SIZE } from './request-lists.ts';

export const contactLabel = (contact: Pick<TContact, 'name' | 'phone' | 'email'>) =>
  contact.name ?? contact.phone ?? contact.email ?? 'Customer';

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
          aria-label={`Choose ${contactLabel(row)}`}
          checked={selected.has(row.id)}
          disabled={row.optedOutAt !== null || !row.consent}
          onChange={(event) => toggle(row.id, event.currentTarget.checked)}
        />
      ),
    },
    {
      key: 'name',
      header: 'Name',
      render: (row) => (
        <AnchorLink to="/dashboard/requests/contacts/$contactId" params={{ contactId: row.id }}>
          {row.name ?? '(no name)'}
        </AnchorLink>
      ),
    },
    { key: 'phone', header: 'Phone', render: (row) => row.phone ?? '-', nowrap: true },
    { key: 'email', header: 'Email', render: (row) => row.email ?? '-' },
    {
      key: 'status',
      header: 'Status',
      render: (row) =>
        row.optedOutAt ? (
          <Badge color="red" variant="light">
            {row.optOutSource ? OPT_OUT_LABELS[row.optOutSource] : 'Opted out'}
          </Badge>
        ) : row.consent ? (
          <Badge color="green" variant="light">
            Agreed
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            No consent
          </Badge>
        ),
    },
    {
      key: 'asked',
      header: 'Last asked',
      render: (row) => formatDate(row.lastRequestedAt) || '-',
      nowrap: true,
    },
    {
      key: 'actions',
      header: 'Actions',
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
              Send request
            </Button>
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => setOptingOut(row)}>
              Opt out
            </Button>
          </Group>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          aria-label="Show"
          value={contacts.search.filter}
          onChange={(value) => contacts.setFilter('filter', value as TContactFilter)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'reachable', label: 'Can be asked' },
            { value: 'opted-out', label: 'Opted out' },
          ]}
        />
        <Text size="sm" c="dimmed">
          {list.data
            ? `${countOf(list.data.counts.total, 'customer')}, ${list.data.counts.optedOut.toLocaleString('en-IN')} opted out`
            : ''}
        </Text>
      </Group>
      <PagedDataTable
        list={contacts}
        label="Customers"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        empty={['No customers match your search.', 'No customers yet. Add one or import a file.']}
        error={loadError(list, { title: 'Failed to load customers' })}
        searchBox={{ placeholder: 'Search name, phone or email', label: 'Search', debounceMs: 300 }}
        toolbar={
          <Group gap="xs">
            <Button variant="default" onClick={() => setDialog('add')}>
              Add customer
            </Button>
            <Button variant="default" onClick={() => setDialog('import')}>
              Import
            </Button>
            <Button
              variant="light"
              onClick={() => {
                setSendTo(null);
                setDialog('send');
              }}
            >
              Send a request
            </Button>
            <Button onClick={() => setDialog('campaign')}>
              {selected.size > 0 ? `New campaign (${selected.size})` : 'New campaign'}
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
        contact={sendTo ? { id: sendTo.id, label: contactLabel(sendTo) } : null}
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
        title="Opt this customer out?"
      >
        <Stack gap="md">
          <Text size="sm">
            {optingOut ? `${contactLabel(optingOut)} will never get a review request from you again.` : ''}
          </Text>
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
                setOptOutError(anyMessage(error, 'Could not save. Please try again.'));
              }
            }}
            color="red"
            label={optOut.isPending ? 'Saving...' : 'Opt out'}
            focusCancel
          />
        </Stack>
      </BusyModal>
    </Stack>
  );
}
