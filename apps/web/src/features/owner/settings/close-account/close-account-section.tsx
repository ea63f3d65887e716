import { Button, List, PasswordInput, Stack } from '@mantine/core';
import { ACCOUNT_CLOSURE_DAYS, INVOICE_RETENTION_YEARS } from '@starloop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { BusyModal, ModalActions } from '../../../../components/busy-modal/busy-modal.tsx';
import { ErrorBanner } from '../../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../../components/notify.ts';
import { SectionCard } from '../../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../../lib/api-errors.ts';
import { endSession } from '../../../../lib/session.ts';
import { useTrpc } from '../../../../lib/use-trpc.ts';

export const CLOSE_ACCOUNT_TEXT = {
  title: 'Close account',
  description: `Close your StarLoop account for every branch. You can sign in for ${ACCOUNT_CLOSURE_DAYS} days to export your data; then it is erased.`,
  open: 'Close account…',
  confirmTitle: 'Close your account?',
  atOnce:
    'At once: every review page of your account shows a “closed” page, your team is signed out, your API keys stop working and no review requests or reminders are sent.',
  window: `For ${ACCOUNT_CLOSURE_DAYS} days you can still sign in and export your data; we email you before the erasure. If you change your mind, write to us within those days.`,
  erased: `Then your businesses, team, reviews, feedback, contacts and requests are erased; review counts stay only as anonymous monthly figures. Invoices and payment records are kept for ${INVOICE_RETENTION_YEARS} years, as GST law requires.`,
  password: 'Your password',
  confirm: 'Close my account',
  closing: 'Closing...',
  failed: 'The account could not be closed.',
} as const;

/**
 * Settings > Close account (the account's owners only): a confirmation with the password; on
 * success the session has ended (the server revoked every session), so it goes to sign-in.
 */
export function CloseAccountSection() {
  const trpc = useTrpc();
  const account = useQuery(trpc.owner.account.get.queryOptions(undefined, { staleTime: 60_000 }));
  const [opened, setOpened] = useState(false);
  if (account.data?.role !== 'owner') return null;
  return (
    <SectionCard
      titleId="close-account-title"
      title={CLOSE_ACCOUNT_TEXT.title}
      description={CLOSE_ACCOUNT_TEXT.description}
    >
      <div>
        <Button color="red" variant="light" onClick={() => setOpened(true)}>
          {CLOSE_ACCOUNT_TEXT.open}
        </Button>
      </div>
      {opened ? <CloseAccountDialog onClose={() => setOpened(false)} /> : null}
    </SectionCard>
  );
}

function CloseAccountDialog({ onClose }: { onClose: () => void }) {
  const trpc = useTrpc();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const close = useMutation(
    trpc.owner.account.close.mutationOptions({
      onSuccess: async (result) => {
        notify.success(result.message);
        await endSession('owner', { router, queryClient });
      },
    }),
  );
  const fieldError = close.error && anyMessage(close.error, CLOSE_ACCOUNT_TEXT.failed);
  return (
    <BusyModal opened onClose={onClose} busy={close.isPending} title={CLOSE_ACCOUNT_TEXT.confirmTitle}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          close.mutate({ password });
        }}
      >
        <Stack gap="md">
          <List spacing={6} size="sm">
            <List.Item>{CLOSE_ACCOUNT_TEXT.atOnce}</List.Item>
            <List.Item>{CLOSE_ACCOUNT_TEXT.window}</List.Item>
            <List.Item>{CLOSE_ACCOUNT_TEXT.erased}</List.Item>
          </List>
          <PasswordInput
            label={CLOSE_ACCOUNT_TEXT.password}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="current-password"
            required
            data-autofocus
          />
          <ErrorBanner message={fieldError || null} />
          <ModalActions
            busy={close.isPending}
            onCancel={onClose}
            color="red"
            label={close.isPending ? CLOSE_ACCOUNT_TEXT.closing : CLOSE_ACCOUNT_TEXT.confirm}
          />
        </Stack>
      </form>
    </BusyModal>
  );
}
