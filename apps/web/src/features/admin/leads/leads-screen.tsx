import { Text } from '@mantine/core';
import type { TLeadDto, TLeadSortField } from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RecordDeleteDialog } from '../../../components/confirm-delete-dialog/confirm-delete-dialog.tsx';
import { col } from '../../../components/data-table/columns.tsx';
import type { TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { usePagedList } from '../../../components/data-table/use-paged-list.ts';
import { RecordDetailDialog } from '../../../components/detail-dialog/detail-dialog.tsx';
import { ErrorBanner } from '../../../components/error-banner/error-banner.tsx';
import { titleCase, truncate } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AdminListScreen } from '../shared/admin-list-screen.tsx';
import { leadsList } from '../shared/admin-lists.ts';
import { LeadStatusBadge } from '../shared/badges.tsx';
import { useRecordDialog } from '../shared/use-record-dialog.ts';
import { LeadEditDialog, leadDeleteMessage, leadFields, subjectLabel } from './lead-dialogs.tsx';

/** Texts of spec section 8, Leads (and ours for the successes). */
export const LEADS_TEXTS = {
  fetchFailed: 'Failed to fetch leads. Please try again.',
  deleteFailed: 'Failed to delete lead. Please try again.',
  updateFailed: 'Failed to update lead. Please try again.',
  updated: 'Lead updated successfully!',
  deleted: 'Lead deleted successfully!',
  emptySearch: 'No leads found matching your search.',
  empty: 'No leads available.',
} as const;

const SEARCH_FIELDS = [
  'name',
  'email',
  'contactNumber',
  'bussiness',
  'subject',
  'message',
  'source',
  'status',
] as const satisfies readonly (keyof TLeadDto)[];

/** 'Search leads...' filters the loaded page on the spec's eight fields. */
export function filterLeads(leads: readonly TLeadDto[], search: string): readonly TLeadDto[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return leads;
  return leads.filter((lead) => SEARCH_FIELDS.some((field) => lead[field].toLowerCase().includes(needle)));
}

/** /admin-dashboard/leads: demo and contact requests. */
export function LeadsScreen() {
  const trpc = useTrpc();
  const list = usePagedList(leadsList);
  const { query } = list;
  const dialogs = useRecordDialog<TLeadDto>();
  const [banner, setBanner] = useState<string | null>(null);
  const update = useMutation(trpc.admin.leads.update.mutationOptions());
  const remove = useMutation(trpc.admin.leads.delete.mutationOptions());
  const data = query.data;

  // A failed load shows the banner (again after each failed attempt, even if dismissed).
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) setBanner(LEADS_TEXTS.fetchFailed);
  }, [failedAt]);

  // A save or delete: after a success the toast, the current page is reloaded and the dialog closes
  // (spec section 4); after a failure the banner and the dialog say `failure`.
  const outcome = (success: string, failure: string) => ({
    success,
    onError: () => {
      setBanner(failure);
      dialogs.setError(failure);
    },
  });

  const leads = filterLeads(data?.leads ?? [], list.search.search);
  const columns: TDataTableColumn<TLeadDto, TLeadSortField>[] = [
    col.text('id', 'ID', (l) => l.id, { sortKey: 'id' }),
    col.strong('name', 'Name', (l) => l.name, { sortKey: 'name' }),
    col.text('email', 'Email', (l) => l.email, { sortKey: 'email' }),
    col.text('contact', 'Contact', (l) => l.contactNumber || '-', { nowrap: true }),
    col.text('business', 'Business', (l) => l.bussiness || '-'),
    col.text('subject', 'Subject', (l) => (
      <Text size="sm" title={l.message}>
        {truncate(subjectLabel(l.subject), 40)}
      </Text>
    )),
    col.text('source', 'Source', (l) => titleCase(l.source), { sortKey: 'source' }),
    col.text('status', 'Status', (l) => <LeadStatusBadge status={l.status} />, { sortKey: 'status' }),
    col.date('created', 'Created', (l) => l.createdAt, { sortKey: 'createdAt' }),
    col.actions(col.recordActions<TLeadDto>('lead', (l) => l.name, dialogs.open)),
  ];

  const counts = data?.counts;
  return (
    <AdminListScreen
      title="Leads Management"
      cards={[
        ['Total Leads', counts?.totalLeads],
        ['New Leads', counts?.newLeads],
        ['Contacted', counts?.contactedLeads],
        ['Converted', counts?.convertedLeads],
        ['This Month', counts?.thisMonthLeads],
      ]}
      banner={<ErrorBanner message={banner} onDismiss={() => setBanner(null)} />}
      list={list}
      label="Leads"
      columns={columns}
      rows={leads}
      empty={[LEADS_TEXTS.emptySearch, LEADS_TEXTS.empty]}
      sortable
      searchBox={{ placeholder: 'Search leads...', label: 'Search leads' }}
      // Pagination when rows exist (spec section 2).
      {...(leads.length > 0 ? {} : { pagination: null })}
      minWidth={980}
    >
      <RecordDetailDialog {...dialogs.viewProps} title="View Lead" fields={leadFields} />
      <LeadEditDialog
        lead={dialogs.recordFor('edit')}
        {...dialogs.saveProps(update, outcome(LEADS_TEXTS.updated, LEADS_TEXTS.updateFailed))}
      />
      <RecordDeleteDialog
        {...dialogs.removeProps(remove, outcome(LEADS_TEXTS.deleted, LEADS_TEXTS.deleteFailed))}
        title="Delete Lead"
        message={leadDeleteMessage}
        error={dialogs.error}
      />
    </AdminListScreen>
  );
}
