import { Stack, Text } from '@mantine/core';
import type { TAdminUser, TPageMeta } from '@starloop/contract';
import { PAGE_SIZE } from '@starloop/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, RowActions, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { useClampPage, useTableState } from '../../../components/data-table/use-table-state.ts';
import { notify } from '../../../components/notify.ts';
import { StatCard, StatGrid } from '../../../components/stat-card/stat-card.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AdminPage } from '../shared/admin-page.tsx';
import { OwnerStatusBadge } from '../shared/badges.tsx';
import { anyMessage, serverMessage } from '../shared/errors.ts';
import { useAdminRefresh } from '../shared/use-admin-refresh.ts';
import { agentText, UserDeleteDialog, UserEditDialog, UserViewDialog } from './user-dialogs.tsx';
import type { TUserEditValues } from './user-edit-schema.ts';

/** Texts of spec section 8, Users. */
export const USERS_TEXTS = {
  updated: 'User updated successfully!',
  updateFailed: 'Failed to update user. Please try again.',
  deleted: 'User deleted successfully!',
  deleteFailed: 'Failed to delete user. Please try again.',
  loadFailed: 'Failed to load users. Please try again.',
  notSpecified: 'Not yet specified',
} as const;

/** Subscription cell: 'Active' with the date range when both dates exist. */
export function SubscriptionCell({ user }: { user: TAdminUser }) {
  if (!user.subscriptionStart || !user.subscriptionEnd) {
    return (
      <Text size="sm" c="dimmed">
        {USERS_TEXTS.notSpecified}
      </Text>
    );
  }
  return (
    <div>
      <Text size="sm" fw={600} c="teal.9">
        Active
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatDate(user.subscriptionStart)} – {formatDate(user.subscriptionEnd)}
      </Text>
    </div>
  );
}

function AgentCell({ user }: { user: TAdminUser }) {
  if (!user.agent) return <Text size="sm">{agentText(user)}</Text>;
  return (
    <div>
      <Text size="sm">{user.agent.name}</Text>
      <Text size="xs" c="dimmed">
        {user.agent.phone}
      </Text>
    </div>
  );
}

type TDialog = { kind: 'view' | 'edit' | 'delete'; user: TAdminUser } | null;

/** /admin-dashboard/users: cards, search, the paged table and the view / edit / delete dialogs. */
export function UsersScreen() {
  const trpc = useTrpc();
  const refresh = useAdminRefresh();
  const table = useTableState();
  const [dialog, setDialog] = useState<TDialog>(null);
  const [editError, setEditError] = useState<string | null>(null);

  const query = useQuery({
    ...trpc.admin.users.list.queryOptions({
      page: table.page,
      limit: PAGE_SIZE.users,
      ...(table.search ? { search: table.search } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const users: readonly TAdminUser[] = query.data?.users ?? [];
  const meta: TPageMeta | undefined = query.data?.meta;
  useClampPage(table.page, meta?.totalPages, table.setPage);

  const update = useMutation(trpc.admin.users.update.mutationOptions());
  const remove = useMutation(trpc.admin.users.delete.mutationOptions());
  const close = () => {
    setDialog(null);
    setEditError(null);
  };

  const save = (user: TAdminUser, values: TUserEditValues) => {
    setEditError(null);
    update.mutate(
      { id: user.id, ...values },
      {
        onSuccess: () => {
          notify.success(USERS_TEXTS.updated);
          close();
          void refresh();
        },
        onError: (error) => {
          notify.error(USERS_TEXTS.updateFailed);
          setEditError(serverMessage(error) ?? null);
        },
      },
    );
  };

  const confirmDelete = (user: TAdminUser) => {
    remove.mutate(
      { id: user.id },
      {
        onSuccess: () => {
          notify.success(USERS_TEXTS.deleted);
          close();
          void refresh();
        },
        onError: () => notify.error(USERS_TEXTS.deleteFailed),
      },
    );
  };

  const columns: TDataTableColumn<TAdminUser>[] = [
    { key: 'id', header: 'ID', render: (user) => user.id },
    {
      key: 'name',
      header: 'Name',
      render: (user) => (
        <Text size="sm" fw={600}>
          {user.name}
        </Text>
      ),
    },
    {
      key: 'business',
      header: 'Business',
      render: (user) => (
        <div>
          <Text size="sm">{user.businessName}</Text>
          <Text size="xs" c="dimmed">
            {user.code}
          </Text>
        </div>
      ),
    },
    { key: 'contact', header: 'Contact', render: (user) => user.contactNumber, nowrap: true },
    { key: 'status', header: 'Status', render: (user) => <OwnerStatusBadge status={user.status} /> },
    {
      key: 'reviews',
      header: 'Reviews',
      align: 'right',
      render: (user) => formatNumber(user._count.reviews),
    },
    { key: 'subscription', header: 'Subscription', render: (user) => <SubscriptionCell user={user} /> },
    { key: 'agent', header: 'Agent', render: (user) => <AgentCell user={user} /> },
    { key: 'created', header: 'Created', render: (user) => formatDate(user.createdAt), nowrap: true },
    {
      key: 'actions',
      sticky: true,
      header: 'Actions',
      render: (user) => (
        <RowActions
          actions={[
            {
              kind: 'view',
              label: `View user ${user.name}`,
              onClick: () => setDialog({ kind: 'view', user }),
            },
            {
              kind: 'edit',
              label: `Edit user ${user.name}`,
              onClick: () => setDialog({ kind: 'edit', user }),
            },
            {
              kind: 'delete',
              label: `Delete user ${user.name}`,
              onClick: () => setDialog({ kind: 'delete', user }),
            },
          ]}
        />
      ),
    },
  ];

  const loading = query.isPending;
  const data = query.data;

  return (
    <AdminPage title="Users Management">
      <StatGrid>
        <StatCard label="Total Users" loading={loading} value={formatNumber(meta?.total ?? 0)} />
        <StatCard label="Active Users" loading={loading} value={formatNumber(data?.activeUsers ?? 0)} />
        <StatCard label="Pending Users" loading={loading} value={formatNumber(data?.pendingUsers ?? 0)} />
        <StatCard label="Deleted Users" loading={loading} value={formatNumber(data?.deletedUsers ?? 0)} />
      </StatGrid>

      <Stack gap="sm">
        <DataTable
          label="Users"
          columns={columns}
          rows={users}
          rowKey={(user) => user.id}
          loading={loading}
          stale={query.isPlaceholderData}
          emptyText={table.search ? 'No users found matching your search.' : 'No users yet.'}
          error={
            query.isError
              ? {
                  title: USERS_TEXTS.loadFailed,
                  message: anyMessage(query.error),
                  onRetry: () => void query.refetch(),
                }
              : null
          }
          search={{
            value: table.search,
            onChange: table.setSearch,
            placeholder: 'Search users...',
            label: 'Search users',
            debounceMs: 300,
          }}
          pagination={{
            page: table.page,
            limit: PAGE_SIZE.users,
            total: meta?.total ?? 0,
            onPageChange: table.setPage,
          }}
          minWidth={960}
        />
      </Stack>

      <UserViewDialog user={dialog?.kind === 'view' ? dialog.user : null} onClose={close} />
      <UserEditDialog
        user={dialog?.kind === 'edit' ? dialog.user : null}
        onClose={close}
        saving={update.isPending}
        error={editError}
        onSave={(values) => dialog && save(dialog.user, values)}
      />
      <UserDeleteDialog
        user={dialog?.kind === 'delete' ? dialog.user : null}
        onClose={close}
        deleting={remove.isPending}
        onConfirm={() => dialog && confirmDelete(dialog.user)}
      />
    </AdminPage>
  );
}
