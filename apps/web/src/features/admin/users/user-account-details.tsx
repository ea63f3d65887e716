import { Badge, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import type {
  TAccountInvitation,
  TAdminUserAccountAudit,
  TAdminUserAccountBranch,
  TAdminUserAccountPerson,
  TMemberRole,
} from '@starloop/contract';
import { useQuery } from '@tanstack/react-query';
import { SimpleTable, type TTableColumn } from '../../../components/simple-table/simple-table.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { formatDate, formatDateTime, titleCase } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { OwnerStatusBadge } from '../shared/badges.tsx';
import { UserAccountActions } from './user-account-actions.tsx';

export const USER_ACCOUNT_SECTION_TEXTS = {
  title: 'Account',
  loadFailed: 'Failed to load the account.',
  allBranches: 'All branches',
  thisBusiness: 'this business',
  noInvitations: 'No pending invitations',
  auditForSuperAdmins: 'The audit trail is shown to super admins.',
  noAudit: 'Nothing recorded yet',
  passwordSet: 'Set',
  passwordNotSet: 'Not set',
} as const;

const ROLE_COLORS: Record<TMemberRole, string> = { owner: 'teal', manager: 'blue', staff: 'gray' };

function RoleBadge({ role }: { role: TMemberRole }) {
  return (
    <Badge color={ROLE_COLORS[role]} variant="light">
      {titleCase(role)}
    </Badge>
  );
}

/**
 * The business's account in the user details: its people (roles, branch scopes, whether they
 * chose a password), branches, pending invitations and audit trail, with the owner's link to resend
 * and the move and merge changes.
 */
export function UserAccountDetails({ ownerId }: { ownerId: number }) {
  const trpc = useTrpc();
  const query = useQuery(trpc.admin.users.account.queryOptions({ id: ownerId }, { retry: false }));
  const answer = query.data;
  const T = USER_ACCOUNT_SECTION_TEXTS;

  const heading = <Divider label={T.title} labelPosition="left" />;
  if (query.isError) {
    return (
      <Stack gap={6} data-testid="user-account">
        {heading}
        <Text size="sm" c="red.8">
          {T.loadFailed} {anyMessage(query.error, '')}
        </Text>
      </Stack>
    );
  }
  if (!answer) {
    return (
      <Stack gap={6} data-testid="user-account">
        {heading}
        <Skeleton height={60} />
      </Stack>
    );
  }

  const branchName = new Map(answer.branches.map((b) => [b.id, b.businessName]));
  const scopeOf = (ids: number[] | null) =>
    ids === null ? T.allBranches : ids.map((id) => branchName.get(id) ?? `#${id}`).join(', ');

  const people: TTableColumn<TAdminUserAccountPerson>[] = [
    { key: 'name', header: 'Name', render: (p) => p.name },
    { key: 'phone', header: 'Phone', render: (p) => p.phone, nowrap: true },
    { key: 'email', header: 'Email', render: (p) => p.email ?? '-' },
    { key: 'role', header: 'Role', render: (p) => <RoleBadge role={p.role} /> },
    { key: 'branches', header: 'Branches', render: (p) => scopeOf(p.businessIds) },
    {
      key: 'password',
      header: 'Password',
      render: (p) => (p.passwordSet ? T.passwordSet : T.passwordNotSet),
      nowrap: true,
    },
    { key: 'joined', header: 'Joined', render: (p) => formatDate(p.joinedAt), nowrap: true },
  ];
  const branches: TTableColumn<TAdminUserAccountBranch>[] = [
    {
      key: 'business',
      header: 'Business',
      render: (b) => (
        <>
          {b.businessName}
          {b.id === answer.businessId ? (
            <Text span size="xs" c="dimmed">
              {' '}
              ({T.thisBusiness})
            </Text>
          ) : null}
        </>
      ),
    },
    { key: 'code', header: 'Code', render: (b) => b.code },
    { key: 'city', header: 'City', render: (b) => b.city ?? '-' },
    {
      key: 'status',
      header: 'Status',
      render: (b) =>
        b.deletedAt ? (
          <Badge color="red" variant="light">
            deleted {formatDate(b.deletedAt)}
          </Badge>
        ) : (
          <OwnerStatusBadge status={b.status} />
        ),
    },
    { key: 'plan', header: 'Plan', render: (b) => titleCase(b.plan) },
  ];
  const invitations: TTableColumn<TAccountInvitation>[] = [
    { key: 'name', header: 'Name', render: (i) => i.name },
    { key: 'phone', header: 'Phone', render: (i) => i.phone, nowrap: true },
    { key: 'role', header: 'Role', render: (i) => <RoleBadge role={i.role} /> },
    { key: 'branches', header: 'Branches', render: (i) => scopeOf(i.businessIds) },
    { key: 'expires', header: 'Expires', render: (i) => formatDate(i.expiresAt), nowrap: true },
  ];
  const audit: TTableColumn<TAdminUserAccountAudit>[] = [
    { key: 'at', header: 'When', render: (a) => formatDateTime(a.createdAt), nowrap: true },
    {
      key: 'who',
      header: 'Who',
      render: (a) =>
        a.actor.name ?? (a.actor.kind === 'system' ? 'System' : `${a.actor.kind} #${a.actor.id}`),
    },
    { key: 'what', header: 'What', render: (a) => a.summary },
  ];

  return (
    <Stack gap={6} data-testid="user-account">
      {heading}
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {answer.account.name}
        </Text>
        <Text size="sm" c="dimmed">
          #{answer.account.id} · since {formatDate(answer.account.createdAt)} · {answer.branches.length}{' '}
          {answer.branches.length === 1 ? 'branch' : 'branches'}
        </Text>
      </Group>
      <SimpleTable
        aria-label="People"
        columns={people}
        rows={answer.people}
        rowKey={(p) => p.personId}
        scroll={{ minWidth: 640 }}
      />
      <UserAccountActions answer={answer} />
      <Text size="sm" fw={600} mt="xs">
        Branches
      </Text>
      <SimpleTable
        aria-label="Branches"
        columns={branches}
        rows={answer.branches}
        rowKey={(b) => b.id}
        scroll={{ minWidth: 560 }}
      />
      <Text size="sm" fw={600} mt="xs">
        Pending invitations
      </Text>
      <SimpleTable
        aria-label="Pending invitations"
        columns={invitations}
        rows={answer.invitations}
        rowKey={(i) => i.id}
        empty={T.noInvitations}
        scroll={{ minWidth: 480 }}
      />
      <Text size="sm" fw={600} mt="xs">
        Audit trail
      </Text>
      {answer.audit === null ? (
        <Text size="sm" c="dimmed">
          {T.auditForSuperAdmins}
        </Text>
      ) : (
        <SimpleTable
          aria-label="Audit trail"
          columns={audit}
          rows={answer.audit}
          rowKey={(a) => a.id}
          empty={T.noAudit}
          scroll={{ minWidth: 480 }}
        />
      )}
    </Stack>
  );
}
