import { Text } from '@mantine/core';
import { PAGE_SIZE, type TLeadDto, type TLeadSortField, type TLeadUpdate } from '@starloop/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DataTable, RowActions, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { sortParams } from '../../../components/data-table/sort.ts';
import { useClampPage, useTableState } from '../../../components/data-table/use-table-state.ts';
import { ErrorBanner } from '../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../components/notify.ts';
import { StatCard, StatGrid } from '../../../components/stat-card/stat-card.tsx';
import { formatDate, formatNumber, titleCase, truncate } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AdminPage } from '../shared/admin-page.tsx';
import { LeadStatusBadge } from '../shared/badges.tsx';
import { useAdminRefresh } from '../shared/use-admin-refresh.ts';
import { LeadDeleteDialog, LeadEditDialog, LeadViewDialog, subjectLabel } from './lead-dialogs.tsx';

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

type TDialog = { kind: 'view' | 'edit' | 'delete'; lead: TLeadDto } | null;

/** /admin-dashboard/leads: demo and contact requests. */
export function LeadsScreen() {
  const trpc = useTrpc();
  const refresh = useAdminRefresh();
  const table = useTableState<TLeadSortField>();
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<TDialog>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const query = useQuery({
    ...trpc.admin.leads.list.queryOptions({
      page: table.page,
      limit: PAGE_SIZE.leads,
      ...sortParams(table.sort),
    }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  useClampPage(table.page, data?.meta.totalPages, table.setPage);

  // A failed load shows the banner (again after each failed attempt, even if dismissed).
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) setBanner(LEADS_TEXTS.fetchFailed);
  }, [failedAt]);

  const update = useMutation(trpc.admin.leads.update.mutationOptions());
  const remove = useMutation(trpc.admin.leads.delete.mutationOptions());

  const close = () => {
    setDialog(null);
    setDialogError(null);
  };
  // After a save or delete the current page is reloaded and the dialog closes (spec section 4).
  const finish = async (message: string) => {
    notify.success(message);
    close();
    await refresh();
  };

  const save = (lead: TLeadDto, values: TLeadUpdate) => {
    setDialogError(null);
    update.mutate(
      { id: lead.id, ...values },
      {
        onSuccess: () => void finish(LEADS_TEXTS.updated),
        onError: () => {
          setBanner(LEADS_TEXTS.updateFailed);
          setDialogError(LEADS_TEXTS.updateFailed);
        },
      },
    );
  };

  const confirmDelete = (lead: TLeadDto) => {
    setDialogError(null);
    remove.mutate(
      { id: lead.id },
      {
        onSuccess: () => void finish(LEADS_TEXTS.deleted),
        onError: () => {
          setBanner(LEADS_TEXTS.deleteFailed);
          setDialogError(LEADS_TEXTS.deleteFailed);
        },
      },
    );
  };

  const leads = filterLeads(data?.leads ?? [], filter);
  const columns: TDataTableColumn<TLeadDto, TLeadSortField>[] = [
    { key: 'id', header: 'ID', sortKey: 'id', render: (l) => l.id },
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      render: (l) => (
        <Text size="sm" fw={600}>
          {l.name}
        </Text>
      ),
    },
    { key: 'email', header: 'Email', sortKey: 'email', render: (l) => l.email },
    { key: 'contact', header: 'Contact', nowrap: true, render: (l) => l.contactNumber || '-' },
    { key: 'business', header: 'Business', render: (l) => l.bussiness || '-' },
    {
      key: 'subject',
      header: 'Subject',
      render: (l) => (
        <Text size="sm" title={l.message}>
          {truncate(subjectLabel(l.subject), 40)}
        </Text>
      ),
    },
    { key: 'source', header: 'Source', sortKey: 'source', render: (l) => titleCase(l.source) },
    {
      key: 'status',
      header: 'Status',
      sortKey: 'status',
      render: (l) => <LeadStatusBadge status={l.status} />,
    },
    {
      key: 'created',
      header: 'Created',
      sortKey: 'createdAt',
      nowrap: true,
      render: (l) => formatDate(l.createdAt),
    },
    {
      key: 'actions',
      sticky: true,
      header: 'Actions',
      render: (lead) => (
        <RowActions
          actions={[
            {
              kind: 'view',
              label: `View lead ${lead.name}`,
              onClick: () => setDialog({ kind: 'view', lead }),
            },
            {
              kind: 'edit',
              label: `Edit lead ${lead.name}`,
              onClick: () => setDialog({ kind: 'edit', lead }),
            },
            {
              kind: 'delete',
              label: `Delete lead ${lead.name}`,
              onClick: () => setDialog({ kind: 'delete', lead }),
            },
          ]}
        />
      ),
    },
  ];

  const loading = query.isPending;
  const counts = data?.counts;
  const n = (value: number | undefined) => formatNumber(value ?? 0);
  return (
    <AdminPage title="Leads Management">
      <ErrorBanner message={banner} onDismiss={() => setBanner(null)} />
      <StatGrid cols={5}>
        <StatCard label="Total Leads" loading={loading} value={n(counts?.totalLeads)} />
        <StatCard label="New Leads" loading={loading} value={n(counts?.newLeads)} />
        <StatCard label="Contacted" loading={loading} value={n(counts?.contactedLeads)} />
        <StatCard label="Converted" loading={loading} value={n(counts?.convertedLeads)} />
        <StatCard label="This Month" loading={loading} value={n(counts?.thisMonthLeads)} />
      </StatGrid>
      <DataTable
        label="Leads"
        columns={columns}
        rows={leads}
        rowKey={(l) => l.id}
        loading={loading}
        stale={query.isPlaceholderData}
        emptyText={filter.trim() ? LEADS_TEXTS.emptySearch : LEADS_TEXTS.empty}
        sort={table.sort}
        onSortChange={table.setSort}
        search={{ value: filter, onChange: setFilter, placeholder: 'Search leads...', label: 'Search leads' }}
        pagination={
          leads.length > 0
            ? {
                page: table.page,
                limit: PAGE_SIZE.leads,
                total: data?.meta.total ?? 0,
                onPageChange: table.setPage,
              }
            : undefined
        }
        minWidth={980}
      />

      <LeadViewDialog lead={dialog?.kind === 'view' ? dialog.lead : null} onClose={close} />
      <LeadEditDialog
        lead={dialog?.kind === 'edit' ? dialog.lead : null}
        onClose={close}
        saving={update.isPending}
        error={dialogError}
        onSave={(values) => dialog && save(dialog.lead, values)}
      />
      <LeadDeleteDialog
        lead={dialog?.kind === 'delete' ? dialog.lead : null}
        onClose={close}
        deleting={remove.isPending}
        error={dialogError}
        onConfirm={() => dialog && confirmDelete(dialog.lead)}
      />
    </AdminPage>
  );
}
