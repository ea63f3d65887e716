import { Button, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TAdminUserAccount } from '@starloop/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../components/notify.ts';
import { anyMessage } from '../../../lib/api-errors.ts';
import { countOf } from '../../../lib/plural.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AddBranchDialog } from '../../owner/branches/add-branch-dialog.tsx';
import { useAdminRefresh } from '../shared/use-admin-refresh.ts';
import { ExportAccount } from './export-account/export-account.tsx';
import { ReopenAccount } from './reopen-account/reopen-account.tsx';

export const ACCOUNT_ACTION_TEXTS = {
  resend: 'Resend invitation',
  resending: 'Sending...',
  noPassword: 'The owner has not set a password yet.',
  resendFailed: 'The link could not be sent. Please try again.',
  addBranch: 'Add a branch',
  move: 'Move to account',
  moveConfirm: 'Move branch',
  moving: 'Moving...',
  onlyBranch: "This is the account's only live branch: merge the account instead.",
  merge: 'Merge into account',
  mergeConfirm: 'Merge accounts',
  merging: 'Merging...',
  find: 'Find an account',
  findHint: 'Search by business, name, phone or code',
  accountId: 'Account id',
  cancel: 'Cancel',
  failed: 'The change could not be made. Please try again.',
} as const;

/** A positive whole account id typed by hand, else null. */
const accountIdOf = (text: string) => (/^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) || null : null);

/**
 * Choosing another account: its id typed, or found through the Users search (businesses, shown
 * with the account each belongs to; the current account is left out).
 */
function AccountPicker({
  exclude,
  value,
  onChange,
}: {
  exclude: number;
  value: string;
  onChange: (value: string) => void;
}) {
  const trpc = useTrpc();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const found = useQuery({
    ...trpc.admin.users.list.queryOptions({ page: 1, limit: 10, search: debounced }),
    enabled: debounced.length >= 2,
  });
  const accounts = new Map<number, { id: number; name: string; business: string }>();
  for (const user of found.data?.users ?? []) {
    if (user.account.id !== exclude && !accounts.has(user.account.id)) {
      accounts.set(user.account.id, {
        id: user.account.id,
        name: user.account.name,
        business: user.businessName,
      });
    }
  }
  return (
    <Stack gap="xs">
      <TextInput
        label={ACCOUNT_ACTION_TEXTS.find}
        placeholder={ACCOUNT_ACTION_TEXTS.findHint}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {accounts.size > 0 ? (
        <Stack gap={4} role="list" aria-label="Accounts found">
          {[...accounts.values()].map((account) => (
            <UnstyledButton
              key={account.id}
              role="listitem"
              onClick={() => onChange(String(account.id))}
              aria-label={`Choose account ${account.name} (#${account.id})`}
            >
              <Text size="sm">
                {account.name} (#{account.id}) · {account.business}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      ) : null}
      <TextInput
        label={ACCOUNT_ACTION_TEXTS.accountId}
        value={value}
        inputMode="numeric"
        onChange={(event) => onChange(event.currentTarget.value)}
        w={160}
      />
    </Stack>
  );
}

type TPanel = 'move' | 'merge' | null;

/** The Account section's changes: resend the owner's link, move this branch, merge the account. */
export function UserAccountActions({ answer }: { answer: TAdminUserAccount }) {
  const trpc = useTrpc();
  const refresh = useAdminRefresh();
  const [panel, setPanel] = useState<TPanel>(null);
  const [adding, setAdding] = useState(false);
  const [target, setTarget] = useState('');
  const done = (result: { message: string }) => {
    notify.success(result.message);
    setPanel(null);
    setTarget('');
    void refresh();
  };
  const resend = useMutation(
    trpc.admin.users.resendInvitation.mutationOptions({
      onSuccess: (result) => {
        notify.success(result.message);
        void refresh();
      },
      onError: (error) => notify.error(anyMessage(error, ACCOUNT_ACTION_TEXTS.resendFailed)),
    }),
  );
  const move = useMutation(trpc.admin.users.move.mutationOptions({ onSuccess: done }));
  const merge = useMutation(trpc.admin.accounts.merge.mutationOptions({ onSuccess: done }));

  const business = answer.branches.find((b) => b.id === answer.businessId);
  const liveBranches = answer.branches.filter((b) => b.deletedAt === null).length;
  const movable = liveBranches > 1 && business !== undefined && business.deletedAt === null;
  const targetId = accountIdOf(target);
  const open = (next: TPanel) => {
    move.reset();
    merge.reset();
    setTarget('');
    setPanel(next);
  };
  const pending = move.isPending || merge.isPending;
  const error = move.error ?? merge.error;

  const planOfAccount = answer.branches.find((b) => b.deletedAt === null)?.plan ?? 'essential';
  return (
    <Stack gap="sm">
      <ReopenAccount answer={answer} />
      <ExportAccount answer={answer} />
      {adding ? (
        <AddBranchDialog
          opened
          onClose={() => setAdding(false)}
          plan={planOfAccount}
          businessName={answer.account.name}
          adminAccountId={answer.account.id}
          onAdded={() => void refresh()}
        />
      ) : null}
      {answer.ownerPasswordSet ? null : (
        <Group gap="sm">
          <Text size="sm">{ACCOUNT_ACTION_TEXTS.noPassword}</Text>
          <Button
            size="xs"
            variant="light"
            disabled={resend.isPending}
            onClick={() => resend.mutate({ id: answer.businessId })}
          >
            {resend.isPending ? ACCOUNT_ACTION_TEXTS.resending : ACCOUNT_ACTION_TEXTS.resend}
          </Button>
        </Group>
      )}
      {panel === null ? (
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => open('move')} disabled={!movable}>
            {ACCOUNT_ACTION_TEXTS.move}
          </Button>
          <Button size="xs" variant="default" onClick={() => open('merge')}>
            {ACCOUNT_ACTION_TEXTS.merge}
          </Button>
          <Button size="xs" variant="default" onClick={() => setAdding(true)} disabled={liveBranches === 0}>
            {ACCOUNT_ACTION_TEXTS.addBranch}
          </Button>
          {liveBranches <= 1 ? (
            <Text size="xs" c="dimmed">
              {ACCOUNT_ACTION_TEXTS.onlyBranch}
            </Text>
          ) : null}
        </Group>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              {panel === 'move'
                ? `Move ${business?.businessName ?? 'this branch'} into another account. People limited to chosen branches lose it here.`
                : `Merge ${answer.account.name} (${countOf(answer.branches.length, 'branch', 'branches')}, ${countOf(answer.people.length, 'person', 'people')}) into another account. Open invitations are revoked and this account is deleted.`}
            </Text>
            <AccountPicker exclude={answer.account.id} value={target} onChange={setTarget} />
            <ErrorBanner message={error ? anyMessage(error, ACCOUNT_ACTION_TEXTS.failed) : null} />
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={() => open(null)} disabled={pending}>
                {ACCOUNT_ACTION_TEXTS.cancel}
              </Button>
              <Button
                size="xs"
                color="orange"
                disabled={targetId === null || pending}
                onClick={() =>
                  targetId !== null &&
                  (panel === 'move'
                    ? move.mutate({ id: answer.businessId, accountId: targetId })
                    : merge.mutate({ id: answer.account.id, intoAccountId: targetId }))
                }
              >
                {panel === 'move'
                  ? move.isPending
                    ? ACCOUNT_ACTION_TEXTS.moving
                    : ACCOUNT_ACTION_TEXTS.moveConfirm
                  : merge.isPending
                    ? ACCOUNT_ACTION_TEXTS.merging
                    : ACCOUNT_ACTION_TEXTS.mergeConfirm}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
