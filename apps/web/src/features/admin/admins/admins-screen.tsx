import { Badge, Text } from '@mantine/core';
import { PAGE_SIZE, type TAdminAccount } from '@starloop/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, RowActions, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { useClampPage, useTableState } from '../../../components/data-table/use-table-state.ts';
import { DetailDialog } from '../../../components/detail-dialog/detail-dialog.tsx';
import { StatCard, StatGrid } from '../../../components/stat-card/stat-card.tsx';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AdminPage } from '../shared/admin-page.tsx';
import { RoleBadge } from '../shared/badges.tsx';
import { useSticky } from '../shared/use-sticky.ts';

export const ADMINS_TEXTS = {
  loadFailed: 'Failed to load admins. Please try again.',
  empty: 'No admins found',
  never: 'Never',
} as const;

/** The spec reads "an array, or an object with admins[]". */
export function adminsOf(answer: unknown): readonly TAdminAccount[] {
  if (Array.isArray(answer)) return answer as TAdminAccount[];
  const admins = (answer as { admins?: unknown } | undefined)?.admins;
  return Array.isArray(admins) ? (admins as TAdminAccount[]) : [];
}

/** Search over name, email and role (client side). */
export function filterAdmins(admins: readonly TAdminAccount[], search: string): readonly TAdminAccount[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return admins;
  return admins.filter((admin) =>
    [admin.name, admin.email, admin.role, admin.role.replace(/_/g, ' ')].some((v) =>
      v.toLowerCase().includes(needle),
    ),
  );
}

export function AdminDetailsDialog({ admin, onClose }: { admin: TAdminAccount | null; onClose: () => void }) {
  const shown = useSticky(admin);
  return (
    <DetailDialog
      opened={admin !== null}
      onClose={onClose}
      title="Admin Details"
      fields={
        shown
          ? [
              { label: 'Name', value: shown.name },
              { label: 'Email', value: shown.email },
              { label: 'Role', value: <RoleBadge role={shown.role} /> },
              {
                label: 'Status',
                value: (
                  <Badge variant="light" color={shown.status === 'active' ? 'green' : 'gray'}>
                    {shown.status}
                  </Badge>
                ),
              },
              { label: 'Created', value: formatDate(shown.createdAt) },
              {
                label: 'Last login',
                value: shown.lastLogin ? formatDateTime(shown.lastLogin) : ADMINS_TEXTS.never,
              },
            ]
          : []
      }
    />
  );
}

/** /admin-dashboard/admins: view-only list of admin accounts, searched and paged on the client. */
export function AdminsScreen() {
  const trpc = useTrpc();
  const table = useTableState();
  const [viewing, setViewing] = useState<TAdminAccount | null>(null);
  const query = useQuery(trpc.admin.admins.list.queryOptions());

  const all = adminsOf(query.data);
  const filtered = filterAdmins(all, table.search);
  const limit = PAGE_SIZE.admins;
  const totalPages = Math.max(1, Math.ceil(filtered.length / limit));
  useClampPage(table.page, query.data ? totalPages : undefined, table.setPage);
  const rows = filtered.slice((table.page - 1) * limit, table.page * limit);

  const columns: TDataTableColumn<TAdminAccount>[] = [
    { key: 'id', header: 'ID', render: (a) => a.id },
    {
      key: 'name',
      header: 'Name',
      render: (a) => (
        <Text size="sm" fw={600}>
          {a.name}
        </Text>
      ),
    },
    { key: 'email', header: 'Email', render: (a) => a.email },
    { key: 'created', header: 'Created', nowrap: true, render: (a) => formatDate(a.createdAt) },
    {
      key: 'actions',
      sticky: true,
      header: 'Actions',
      render: (a) => (
        <RowActions
          actions={[{ kind: 'view', label: `View admin ${a.name}`, onClick: () => setViewing(a) }]}
        />
      ),
    },
  ];

  return (
    <AdminPage title="Admins Management">
      <StatGrid cols={4}>
        <StatCard label="Total Admins" loading={query.isPending} value={formatNumber(all.length)} />
      </StatGrid>
      <DataTable
        label="Admins"
        columns={columns}
        rows={rows}
        rowKey={(a) => a.id}
        loading={query.isPending}
        emptyText={ADMINS_TEXTS.empty}
        error={
          query.isError ? { message: ADMINS_TEXTS.loadFailed, onRetry: () => void query.refetch() } : null
        }
        search={{
          value: table.search,
          onChange: table.setSearch,
          placeholder: 'Search by name, email or role...',
          label: 'Search admins',
        }}
        pagination={{ page: table.page, limit, total: filtered.length, onPageChange: table.setPage }}
        minWidth={560}
      />
      <AdminDetailsDialog admin={viewing} onClose={() => setViewing(null)} />
    </AdminPage>
  );
}
