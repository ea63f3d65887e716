import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  type TAccountBranch,
  type TAccountMember,
  type TMemberRole,
  ZInvitationCreate,
} from '@starloop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../components/notify.ts';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { SimpleTable, type TTableColumn } from '../../../components/simple-table/simple-table.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { submitHandler, useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { LoadError } from '../shared/load-error.tsx';

export const TEAM_TEXT = {
  title: 'Team',
  description:
    'Invite managers and staff. Managers run their branches (not billing, the team or integrations); staff read reviews and work on feedback.',
  invite: 'Invite',
  name: 'Name',
  phone: 'Phone',
  email: 'Email (optional)',
  role: 'Role',
  branches: 'Branches (all when empty)',
  linkTitle: 'Invitation link',
  linkHint: 'Share it with them (WhatsApp, SMS); it works once, for 7 days.',
  shareOnWhatsApp: 'Share on WhatsApp',
  copy: 'Copy link',
  copied: 'Copied',
  remove: 'Remove',
  revoke: 'Revoke',
  pending: 'Invited',
  allBranches: 'All branches',
} as const;

const ROLE_LABELS: Record<TMemberRole, string> = { owner: 'Owner', manager: 'Manager', staff: 'Staff' };

/** Settings > Team (the account's owners): the people, their roles and branches, and invitations. */
export function TeamSection() {
  const trpc = useTrpc();
  const account = useQuery(trpc.owner.account.get.queryOptions(undefined, { staleTime: 60_000 }));
  // Only the account's owners run the team.
  if (account.data?.role !== 'owner') return null;
  return <TeamCard branches={account.data.branches} />;
}

function TeamCard({ branches }: { branches: TAccountBranch[] }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const team = useQuery(trpc.owner.team.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.owner.team.list.queryKey() });
  const onError = (error: unknown) => notify.error(anyMessage(error));
  const [link, setLink] = useState<string | null>(null);
  const blank = () => ({
    name: '',
    phone: '',
    email: undefined as string | undefined,
    role: 'manager' as 'manager' | 'staff',
    businessIds: undefined as number[] | undefined,
  });
  const form = useForm(ZInvitationCreate, blank);
  const invite = useMutation(
    trpc.owner.team.invite.mutationOptions({
      onSuccess: (created) => {
        setLink(created.inviteUrl);
        form.reset(blank());
        notify.success(created.message);
        void refresh();
      },
      onError: (error) => {
        const message = form.showServerError(error, 'Could not send the invitation. Please try again.');
        if (message) notify.error(message);
      },
    }),
  );
  const update = useMutation(trpc.owner.team.update.mutationOptions({ onSuccess: () => refresh(), onError }));
  const remove = useMutation(
    trpc.owner.team.remove.mutationOptions({
      onSuccess: (result) => {
        notify.success(result.message);
        void refresh();
      },
      onError,
    }),
  );
  const revoke = useMutation(
    trpc.owner.team.revokeInvitation.mutationOptions({
      onSuccess: (result) => {
        notify.success(result.message);
        void refresh();
      },
      onError,
    }),
  );
  const branchName = new Map(
    branches.map((b) => [b.id, b.city ? `${b.businessName}, ${b.city}` : b.businessName]),
  );
  const branchOptions = branches.map((b) => ({ value: String(b.id), label: branchName.get(b.id)! }));
  const scopeOf = (ids: number[] | null) =>
    ids === null ? TEAM_TEXT.allBranches : ids.map((id) => branchName.get(id) ?? `#${id}`).join(', ');

  const columns: TTableColumn<TAccountMember>[] = [
    { key: 'name', header: 'Name', render: (m) => m.name },
    { key: 'phone', header: 'Phone', render: (m) => m.phone, nowrap: true },
    {
      key: 'role',
      header: 'Role',
      render: (m) => (
        <Select
          aria-label={`Role of ${m.name}`}
          data={Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label }))}
          value={m.role}
          allowDeselect={false}
          w={130}
          onChange={(role) => role && update.mutate({ personId: m.personId, role: role as TMemberRole })}
        />
      ),
    },
    { key: 'branches', header: 'Branches', render: (m) => scopeOf(m.businessIds) },
    {
      key: 'actions',
      header: '',
      render: (m) => (
        <Button
          variant="subtle"
          color="red"
          size="xs"
          onClick={() => remove.mutate({ personId: m.personId })}
          aria-label={`${TEAM_TEXT.remove} ${m.name}`}
        >
          {TEAM_TEXT.remove}
        </Button>
      ),
      nowrap: true,
    },
  ];

  return (
    <SectionCard titleId="team-title" title={TEAM_TEXT.title} description={TEAM_TEXT.description}>
      {team.isError ? (
        <LoadError title="Failed to load the team" query={team} />
      ) : (
        <Stack gap="md">
          <SimpleTable
            columns={columns}
            rows={team.data?.members ?? []}
            rowKey={(m) => m.personId}
            scroll={{ minWidth: 560 }}
          />
          {(team.data?.invitations ?? []).map((invitation) => (
            <Group key={invitation.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {TEAM_TEXT.pending}: {invitation.name} ({invitation.phone}), {ROLE_LABELS[invitation.role]},{' '}
                {scopeOf(invitation.businessIds)}
              </Text>
              <Button
                variant="subtle"
                size="xs"
                onClick={() => revoke.mutate({ id: invitation.id })}
                aria-label={`${TEAM_TEXT.revoke} ${invitation.name}`}
              >
                {TEAM_TEXT.revoke}
              </Button>
            </Group>
          ))}
          {link ? (
            <Alert
              color="green"
              variant="light"
              title={TEAM_TEXT.linkTitle}
              withCloseButton
              onClose={() => setLink(null)}
            >
              <Text size="sm" mb="xs">
                {TEAM_TEXT.linkHint}
              </Text>
              <Code block data-testid="invite-link">
                {link}
              </Code>
              <Group mt="xs" gap="xs">
                <CopyButton value={link}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {copied ? TEAM_TEXT.copied : TEAM_TEXT.copy}
                    </Button>
                  )}
                </CopyButton>
                <Button
                  size="xs"
                  variant="light"
                  component="a"
                  href={`https://wa.me/?text=${encodeURIComponent(link)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {TEAM_TEXT.shareOnWhatsApp}
                </Button>
              </Group>
            </Alert>
          ) : null}
          <form
            noValidate
            onSubmit={submitHandler(() => {
              const input = form.submit();
              if (input) invite.mutate(input);
            }, invite.isPending)}
          >
            <Stack gap="sm">
              <Group grow align="flex-start">
                <TextInput label={TEAM_TEXT.name} {...form.input('name')} withAsterisk />
                <TextInput
                  label={TEAM_TEXT.phone}
                  {...form.input('phone')}
                  withAsterisk
                  inputMode="tel"
                  maxLength={10}
                />
              </Group>
              <Group grow align="flex-start">
                <TextInput
                  label={TEAM_TEXT.email}
                  value={form.values.email ?? ''}
                  onChange={(event) => form.setField('email', event.currentTarget.value || undefined)}
                  error={form.errors.email}
                />
                <Select
                  label={TEAM_TEXT.role}
                  data={[
                    { value: 'manager', label: ROLE_LABELS.manager },
                    { value: 'staff', label: ROLE_LABELS.staff },
                  ]}
                  value={form.values.role}
                  allowDeselect={false}
                  onChange={(role) => role && form.setField('role', role as 'manager' | 'staff')}
                />
              </Group>
              {branches.length > 1 ? (
                <MultiSelect
                  label={TEAM_TEXT.branches}
                  data={branchOptions}
                  value={(form.values.businessIds ?? []).map(String)}
                  onChange={(ids) =>
                    form.setField('businessIds', ids.length > 0 ? ids.map(Number) : undefined)
                  }
                  error={form.errors.businessIds}
                />
              ) : null}
              <Group>
                <Button type="submit" loading={invite.isPending}>
                  {TEAM_TEXT.invite}
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      )}
    </SectionCard>
  );
}
