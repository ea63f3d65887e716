import { Badge } from '@mantine/core';
import type { TAdminAccount } from '@starloop/contract';
import { col } from '../../../components/data-table/columns.tsx';
import type { TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { usePagedList } from '../../../components/data-table/use-paged-list.ts';
import { RecordDetailDialog, type TDetailField } from '../../../components/detail-dialog/detail-dialog.tsx';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { AdminListScreen } from '../shared/admin-list-screen.tsx';
import { adminsList } from '../shared/admin-lists.ts';
import { RoleBadge } from '../shared/badges.tsx';
import { useRecordDialog } from '../shared/use-record-dialog.ts';

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

/** 'Admin Details'. */
export const adminFields = (shown: TAdminAccount): TDetailField[] => [
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
];

/** /admin-dashboard/admins: view-only list of admin accounts, searched and paged on the client. */
export function AdminsScreen() {
  const dialogs = useRecordDialog<TAdminAccount>();
  const { limit } = adminsList;
  const list = usePagedList(adminsList, {
    // Paged on the client: the pages of what the search leaves.
    totalPages: (data, { search }) =>
      Math.max(1, Math.ceil(filterAdmins(adminsOf(data), search).length / limit)),
  });
  const { query, search: params } = list;
  const search = params.search;
  const all = adminsOf(query.data);
  const filtered = filterAdmins(all, search);
  const rows = filtered.slice((params.page - 1) * limit, params.page * limit);

  const columns: TDataTableColumn<TAdminAccount>[] = [
    col.text('id', 'ID', (a) => a.id),
    col.strong('name', 'Name', (a) => a.name),
    col.text('email', 'Email', (a) => a.email),
    col.date('created', 'Created', (a) => a.createdAt),
    col.actions(col.recordActions<TAdminAccount>('admin', (a) => a.name, dialogs.open, ['view'])),
  ];

  return (
    <AdminListScreen
      title="Admins Management"
      cards={[['Total Admins', formatNumber(all.length)]]}
      list={list}
      total={filtered.length}
      label="Admins"
      columns={columns}
      rows={rows}
      empty={[ADMINS_TEXTS.empty, ADMINS_TEXTS.empty]}
      error={query.isError ? { message: ADMINS_TEXTS.loadFailed, onRetry: () => void query.refetch() } : null}
      searchBox={{ placeholder: 'Search by name, email or role...', label: 'Search admins' }}
      minWidth={560}
    >
      <RecordDetailDialog {...dialogs.viewProps} title="Admin Details" fields={adminFields} />
    </AdminListScreen>
  );
}
