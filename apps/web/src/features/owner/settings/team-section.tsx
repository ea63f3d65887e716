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
import { fill } from '@starloop/review-page';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../components/notify.ts';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { SimpleTable, type TTableColumn } from '../../../components/simple-table/simple-table.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { en } from '../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { submitHandler, useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { LoadError } from '../shared/load-error.tsx';

export const TEAM_TEXT = en.team;

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
  const t = useOwnerMessages().team;
  const roles: Record<TMemberRole, string> = t.roles;
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
        const message = form.showServerError(error, t.inviteFailed);
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
    ids === null ? t.allBranches : ids.map((id) => branchName.get(id) ?? `#${id}`).join(', ');

  const columns: TTableColumn<TAccountMember>[] = [
    { key: 'name', header: t.name, render: (m) => m.name },
    { key: 'phone', header: t.phone, render: (m) => m.phone, nowrap: true },
    {
      key: 'role',
      header: t.role,
      render: (m) => (
        <Select
          aria-label={fill(t.roleOf, { name: m.name })}
          data={Object.entries(roles).map(([value, label]) => ({ value, label }))}
          value={m.role}
          allowDeselect={false}
          w={130}
          onChange={(role) => role && update.mutate({ personId: m.personId, role: role as TMemberRole })}
        />
      ),
    },
    { key: 'branches', header: t.branchesColumn, render: (m) => scopeOf(m.businessIds) },
    {
      key: 'actions',
      header: '',
      render: (m) => (
        <Button
          variant="subtle"
          color="red"
          size="xs"
          onClick={() => remove.mutate({ personId: m.personId })}
          aria-label={fill(t.removeOf, { name: m.name })}
        >
          {t.remove}
        </Button>
      ),
      nowrap: true,
    },
  ];

  return (
    <SectionCard titleId="team-title" title={t.title} description={t.description}>
      {team.isError ? (
        <LoadError title={t.loadFailed} query={team} />
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
                {fill(t.invitation, {
                  name: invitation.name,
                  phone: invitation.phone,
                  role: roles[invitation.role],
                  branches: scopeOf(invitation.businessIds),
                })}
              </Text>
              <Button
                variant="subtle"
                size="xs"
                onClick={() => revoke.mutate({ id: invitation.id })}
                aria-label={fill(t.revokeOf, { name: invitation.name })}
              >
                {t.revoke}
              </Button>
            </Group>
          ))}
          {link ? (
            <Alert
              color="green"
              variant="light"
              title={t.linkTitle}
              withCloseButton
              onClose={() => setLink(null)}
            >
              <Text size="sm" mb="xs">
                {t.linkHint}
              </Text>
              <Code block data-testid="invite-link">
                {link}
              </Code>
              <Group mt="xs" gap="xs">
                <CopyButton value={link}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {copied ? t.copied : t.copy}
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
                  {t.shareOnWhatsApp}
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
                <TextInput label={t.name} {...form.input('name')} withAsterisk />
                <TextInput
                  label={t.phone}
                  {...form.input('phone')}
                  withAsterisk
                  inputMode="tel"
                  maxLength={10}
                />
              </Group>
              <Group grow align="flex-start">
                <TextInput
                  label={t.email}
                  value={form.values.email ?? ''}
                  onChange={(event) => form.setField('email', event.currentTarget.value || undefined)}
                  error={form.errors.email}
                />
                <Select
                  label={t.role}
                  data={[
                    { value: 'manager', label: roles.manager },
                    { value: 'staff', label: roles.staff },
                  ]}
                  value={form.values.role}
                  allowDeselect={false}
                  onChange={(role) => role && form.setField('role', role as 'manager' | 'staff')}
                />
              </Group>
              {branches.length > 1 ? (
                <MultiSelect
                  label={t.branches}
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
                  {t.invite}
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      )}
    </SectionCard>
  );
}
