import { Button, Group, Stack, Text } from '@mantine/core';
import { type TAccountBilling, ZAccountBillingWrite } from '@starloop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BillingFields, billingValuesOf } from '../../../components/billing-fields/billing-fields.tsx';
import { notify } from '../../../components/notify.ts';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { en } from '../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { submitHandler, useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';

/** The English texts (the catalog's). */
export const BILLING_DETAILS_TEXT = en.plan.billing;

const valuesOf = (billing: TAccountBilling | undefined) => billingValuesOf(billing);

/**
 * The account's billing details for its invoices (owner.account.billing): legal name, billing
 * address, state and an optional GSTIN, checked with the contract's messages (shape, check
 * character, state) before saving. For the account's owners.
 */
export function BillingDetailsSection() {
  const t = useOwnerMessages().plan.billing;
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const billing = useQuery(trpc.owner.account.billing.queryOptions());
  const form = useForm(ZAccountBillingWrite, () => valuesOf(undefined));
  const { reset } = form;
  useEffect(() => {
    if (billing.data) reset(valuesOf(billing.data));
  }, [billing.data, reset]);
  const save = useMutation(
    trpc.owner.account.updateBilling.mutationOptions({
      onSuccess: (result) => {
        notify.success(result.message);
        queryClient.setQueryData(trpc.owner.account.billing.queryKey(), result.billing);
      },
      onError: (error) => {
        const message = form.showServerError(error, t.failed);
        if (message) notify.error(message);
      },
    }),
  );

  return (
    <SectionCard titleId="billing-details-title" title={t.title} gap="md">
      <Text size="sm" c="dimmed">
        {t.hint}
      </Text>
      <form
        noValidate
        onSubmit={submitHandler(() => {
          const input = form.submit();
          if (input) save.mutate(input);
        }, save.isPending)}
      >
        <Stack gap="sm">
          <BillingFields form={form} />
          <Group>
            <Button type="submit" loading={save.isPending} disabled={billing.isPending}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
