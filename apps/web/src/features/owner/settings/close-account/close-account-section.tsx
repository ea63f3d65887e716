import { Button, List, PasswordInput, Stack } from '@mantine/core';
import { ACCOUNT_CLOSURE_DAYS, INVOICE_RETENTION_YEARS } from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { BusyModal, ModalActions } from '../../../../components/busy-modal/busy-modal.tsx';
import { ErrorBanner } from '../../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../../components/notify.ts';
import { SectionCard } from '../../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../../lib/api-errors.ts';
import { en, type TOwnerMessages } from '../../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../../lib/owner-i18n/owner-messages.ts';
import { endSession } from '../../../../lib/session.ts';
import { useTrpc } from '../../../../lib/use-trpc.ts';

type TCloseAccountTexts = TOwnerMessages['dataSection']['closeAccount'];

/** The texts in one language, with the closure's days and the invoices' years filled in. */
const closeAccountTexts = (texts: TCloseAccountTexts) => ({
  ...texts,
  description: fill(texts.description, { days: ACCOUNT_CLOSURE_DAYS }),
  window: fill(texts.window, { days: ACCOUNT_CLOSURE_DAYS }),
  erased: fill(texts.erased, { years: INVOICE_RETENTION_YEARS }),
});

/** The English texts (the catalog's; tests read them). */
export const CLOSE_ACCOUNT_TEXT = closeAccountTexts(en.dataSection.closeAccount);

const useCloseAccountTexts = () => closeAccountTexts(useOwnerMessages().dataSection.closeAccount);

/**
 * Settings > Close account (the account's owners only): a confirmation with the password; on
 * success the session has ended (the server revoked every session), so it goes to sign-in.
 */
export function CloseAccountSection() {
  const text = useCloseAccountTexts();
  const trpc = useTrpc();
  const account = useQuery(trpc.owner.account.get.queryOptions(undefined, { staleTime: 60_000 }));
  const [opened, setOpened] = useState(false);
  if (account.data?.role !== 'owner') return null;
  return (
    <SectionCard titleId="close-account-title" title={text.title} description={text.description}>
      <div>
        <Button color="red" variant="light" onClick={() => setOpened(true)}>
          {text.open}
        </Button>
      </div>
      {opened ? <CloseAccountDialog onClose={() => setOpened(false)} /> : null}
    </SectionCard>
  );
}

function CloseAccountDialog({ onClose }: { onClose: () => void }) {
  const text = useCloseAccountTexts();
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
  const fieldError = close.error && anyMessage(close.error, text.failed);
  return (
    <BusyModal opened onClose={onClose} busy={close.isPending} title={text.confirmTitle}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          close.mutate({ password });
        }}
      >
        <Stack gap="md">
          <List spacing={6} size="sm">
            <List.Item>{text.atOnce}</List.Item>
            <List.Item>{text.window}</List.Item>
            <List.Item>{text.erased}</List.Item>
          </List>
          <PasswordInput
            label={text.password}
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
            label={close.isPending ? text.closing : text.confirm}
          />
        </Stack>
      </form>
    </BusyModal>
  );
}
