import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  branchPrice,
  MESSAGES,
  resolveRegistrationPlan,
  type TBranchCreated,
  type TPlanKey,
  ZBranchCreate,
  ZBusinessCode,
} from '@starloop/contract';
import { fill } from '@starloop/review-page';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { z } from 'zod';
import { BusyModal, ModalActions, type TDialogProps } from '../../../components/busy-modal/busy-modal.tsx';
import { notify } from '../../../components/notify.ts';
import { formatPaise } from '../../../lib/format.ts';
import { en } from '../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { submitHandler, useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import {
  BusinessCodeField,
  codeFromName,
  type TCodeAvailability,
} from '../../register/business-code-field.tsx';
import { StateCityFields } from '../../register/state-city-fields.tsx';

/** The English texts (the catalog's; tests and the admin's Users screen read them). */
export const ADD_BRANCH_TEXT = {
  ...en.branches.add,
  price: (plan: string, price: string) => fill(en.branches.add.price, { plan, price }),
  addedPrice: (name: string, plan: string, price: string) =>
    fill(en.branches.add.addedPrice, { name, plan, price }),
};

const r = MESSAGES.registration;
/** The API's fields; on screen a branch also names its state and city (the switcher shows them). */
const ZAddBranchForm = ZBranchCreate.extend({
  state: z.string().trim().min(1, r.stateRequired),
  city: z.string().trim().min(1, r.cityRequired),
  code: ZBusinessCode,
});

const blank = (businessName: string) => ({
  businessName,
  state: '',
  city: '',
  contactNumber: '',
  reviewLink: '',
  code: codeFromName(businessName),
});

/**
 * "Add a branch" on the All branches screen, for the account's owners only (owner.account.get
 * answers the caller's role): the button and its dialog.
 */
export function AddBranchButton() {
  const t = useOwnerMessages().branches.add;
  const trpc = useTrpc();
  const account = useQuery(trpc.owner.account.get.queryOptions(undefined, { staleTime: 60_000 }));
  const [opened, setOpened] = useState(false);
  if (account.data?.role !== 'owner') return null;
  return (
    <Group justify="flex-end">
      <Button onClick={() => setOpened(true)}>{t.open}</Button>
      {opened ? (
        <AddBranchDialog
          opened
          onClose={() => setOpened(false)}
          plan={account.data.account.plan}
          businessName={account.data.account.name}
        />
      ) : null}
    </Group>
  );
}

/**
 * The form (owner.account.addBranch) and, once added, the notice that the branch is unpaid with a
 * button to pay for it now: the Plan page on the new branch (`?branch=`).
 */
export function AddBranchDialog({
  opened,
  onClose,
  plan,
  businessName,
  adminAccountId,
  onAdded,
}: TDialogProps & {
  plan: TPlanKey;
  businessName: string;
  /** An admin adding the branch to this account (admin.accounts.addBranch): no "pay now" for them. */
  adminAccountId?: number;
  onAdded?: () => void;
}) {
  const ownerTexts = useOwnerMessages().branches.add;
  // The admin area speaks English.
  const t = adminAccountId === undefined ? ownerTexts : en.branches.add;
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm(ZAddBranchForm, () => blank(businessName));
  const [codeEdited, setCodeEdited] = useState(false);
  const [codeState, setCodeState] = useState<TCodeAvailability>('idle');
  const onAvailability = useCallback((state: TCodeAvailability) => setCodeState(state), []);
  const [created, setCreated] = useState<TBranchCreated | null>(null);
  const handlers = {
    onSuccess: (answer: TBranchCreated) => {
      setCreated(answer);
      onAdded?.();
      if (adminAccountId !== undefined) return;
      void queryClient.invalidateQueries({ queryKey: trpc.owner.account.get.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.owner.account.branches.pathKey() });
    },
    onError: (error: unknown) => {
      const message = form.showServerError(error, t.failed);
      if (message) notify.error(message);
    },
  };
  const ownerAdd = useMutation(trpc.owner.account.addBranch.mutationOptions(handlers));
  const adminAdd = useMutation(trpc.admin.accounts.addBranch.mutationOptions(handlers));
  const add = adminAccountId === undefined ? ownerAdd : adminAdd;
  const planName = resolveRegistrationPlan(plan).name;

  /** Typing the name or choosing the city suggests a code, until the owner writes their own. */
  const suggest = (name: string, city: string) => {
    if (!codeEdited) form.setField('code', codeFromName(`${name} ${city}`));
  };

  const payNow = async (id: number) => {
    onClose();
    await navigate({ to: '/dashboard/plan', search: { branch: id } });
    // Every cached answer was for another branch.
    await queryClient.resetQueries();
  };

  if (created) {
    const { branch, payment } = created;
    const label = branch.city ? `${branch.businessName}, ${branch.city}` : branch.businessName;
    return (
      <BusyModal opened={opened} onClose={onClose} busy={false} title={t.title}>
        <Stack gap="md">
          <Alert color="yellow" variant="light" title={t.addedTitle}>
            <Text size="sm">{created.message}</Text>
            <Text size="sm" mt="xs">
              {fill(t.addedPrice, {
                name: label,
                plan: resolveRegistrationPlan(payment.plan).name,
                price: formatPaise(payment.amount),
              })}
            </Text>
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {adminAccountId === undefined ? t.later : t.close}
            </Button>
            {adminAccountId === undefined ? (
              <Button onClick={() => void payNow(branch.id)} data-autofocus>
                {t.payNow}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </BusyModal>
    );
  }

  return (
    <BusyModal opened={opened} onClose={onClose} busy={add.isPending} title={t.title} size="lg">
      <form
        noValidate
        onSubmit={submitHandler(() => {
          const input = form.submit();
          if (!input || codeState === 'taken') return;
          const branch = { ...input, reviewLink: input.reviewLink ?? null };
          if (adminAccountId === undefined) ownerAdd.mutate(branch);
          else adminAdd.mutate({ id: adminAccountId, ...branch });
        }, add.isPending)}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {fill(t.price, { plan: planName, price: formatPaise(branchPrice(plan)) })}
          </Text>
          <TextInput
            label={t.businessName}
            withAsterisk
            {...form.input('businessName')}
            onChange={(event) => {
              const name = event.currentTarget.value;
              form.setField('businessName', name);
              suggest(name, form.values.city);
            }}
          />
          <StateCityFields
            state={form.values.state}
            city={form.values.city}
            stateError={form.errors.state}
            cityError={form.errors.city}
            onChange={(next) => {
              form.setField('state', next.state);
              form.setField('city', next.city);
              suggest(form.values.businessName, next.city);
            }}
          />
          <TextInput
            label={t.contactNumber}
            withAsterisk
            inputMode="tel"
            maxLength={10}
            {...form.input('contactNumber')}
          />
          <BusinessCodeField
            value={form.values.code}
            error={form.errors.code}
            onChange={(code) => {
              setCodeEdited(true);
              form.setField('code', code);
            }}
            onAvailability={onAvailability}
          />
          <TextInput
            label={t.reviewLink}
            description={t.reviewLinkHint}
            type="url"
            inputMode="url"
            placeholder="https://g.page/r/..."
            {...form.input('reviewLink')}
          />
          <ModalActions busy={add.isPending} onCancel={onClose} label={add.isPending ? t.busy : t.submit} />
        </Stack>
      </form>
    </BusyModal>
  );
}
