import { Text } from '@mantine/core';
import type { TAdminUser } from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { RecordDeleteDialog } from '../../../components/confirm-delete-dialog/confirm-delete-dialog.tsx';
import { col, TwoLines } from '../../../components/data-table/columns.tsx';
import type { TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { loadError } from '../../../components/data-table/paged-data-table.tsx';
import { usePagedList } from '../../../components/data-table/use-paged-list.ts';
import { RecordDetailDialog } from '../../../components/detail-dialog/detail-dialog.tsx';
import { notify } from '../../../components/notify.ts';
import { serverMessage } from '../../../lib/api-errors.ts';
import { formatDate, formatNumber, titleCase } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AdminListScreen } from '../shared/admin-list-screen.tsx';
import { usersList } from '../shared/admin-lists.ts';
import { OwnerStatusBadge } from '../shared/badges.tsx';
import { ChoiceFilter } from '../shared/list-filters.tsx';
import { USER_STATUS_FILTERS } from '../shared/list-values.ts';
import { useRecordDialog } from '../shared/use-record-dialog.ts';
import { UserAccountDetails } from './user-account-details.tsx';
import { agentText, UserEditDialog, userDeleteMessage, userFields } from './user-dialogs.tsx';
import { UserGoogleDetails } from './user-google-details.tsx';
import { UserRequestsDetails } from './user-requests-details.tsx';

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
  return <TwoLines primary={user.agent.name} secondary={user.agent.phone} />;
}

/** /admin-dashboard/users: cards, search and status, the paged table and the view / edit / delete dialogs. */
export function UsersScreen() {
  const trpc = useTrpc();
  const list = usePagedList(usersList);
  const { query, data } = list;
  const dialogs = useRecordDialog<TAdminUser>();
  const update = useMutation(trpc.admin.users.update.mutationOptions());
  const remove = useMutation(trpc.admin.users.delete.mutationOptions());

  const users: readonly TAdminUser[] = data?.users ?? [];

  const columns: TDataTableColumn<TAdminUser>[] = [
    col.text('id', 'ID', (user) => user.id),
    col.strong('name', 'Name', (user) => user.name),
    col.text('business', 'Business', (user) => (
      <TwoLines primary={user.businessName} secondary={user.code} />
    )),
    col.text('account', 'Account', (user) => (
      <TwoLines
        primary={user.account.name}
        secondary={user.account.branches > 1 ? `${user.account.branches} branches` : undefined}
      />
    )),
    col.text('contact', 'Contact', (user) => user.contactNumber, { nowrap: true }),
    col.text('status', 'Status', (user) => <OwnerStatusBadge status={user.status} />),
    col.text('reviews', 'Reviews', (user) => formatNumber(user._count.reviews), { align: 'right' }),
    col.text('subscription', 'Subscription', (user) => <SubscriptionCell user={user} />),
    col.text('agent', 'Agent', (user) => <AgentCell user={user} />),
    col.date('created', 'Created', (user) => user.createdAt),
    col.actions(col.recordActions<TAdminUser>('user', (user) => user.name, dialogs.open)),
  ];

  return (
    <AdminListScreen
      title="Users Management"
      cards={[
        ['Total Users', list.total],
        ['Active Users', data?.activeUsers],
        ['Pending Users', data?.pendingUsers],
        ['Deleted Users', data?.deletedUsers],
      ]}
      list={list}
      label="Users"
      columns={columns}
      rows={users}
      empty={['No users found matching your search.', 'No users yet.']}
      error={loadError(query, { title: USERS_TEXTS.loadFailed })}
      searchBox={{ placeholder: 'Search users...', label: 'Search users', debounceMs: 300 }}
      toolbar={
        // The server's status filter; deleted owners are listed only when it says so.
        <ChoiceFilter
          label="Status"
          all="All statuses"
          values={USER_STATUS_FILTERS}
          labelOf={titleCase}
          {...list.filter('status')}
        />
      }
      minWidth={960}
    >
      <RecordDetailDialog {...dialogs.viewProps} title="User Details" fields={userFields}>
        {(user) => (
          <>
            <UserAccountDetails ownerId={user.id} />
            <UserGoogleDetails ownerId={user.id} />
            <UserRequestsDetails ownerId={user.id} />
          </>
        )}
      </RecordDetailDialog>
      <UserEditDialog
        user={dialogs.recordFor('edit')}
        {...dialogs.saveProps(update, {
          success: USERS_TEXTS.updated,
          onError: (error) => {
            notify.error(USERS_TEXTS.updateFailed);
            dialogs.setError(serverMessage(error) ?? null);
          },
        })}
      />
      <RecordDeleteDialog
        {...dialogs.removeProps(remove, {
          success: USERS_TEXTS.deleted,
          onError: () => notify.error(USERS_TEXTS.deleteFailed),
        })}
        title="Delete User"
        message={userDeleteMessage}
      />
    </AdminListScreen>
  );
}
