import { Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type TBillingProfileAnswer, ZBillingProfileWrite } from '@starloop/contract';
import { INDIAN_STATES } from '@starloop/contract/geo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorBanner } from '../../../components/error-banner/error-banner.tsx';
import { notify } from '../../../components/notify.ts';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { submitHandler, useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';

export const BILLING_PROFILE_TEXT = {
  title: 'Billing profile',
  notConfigured: 'Not set yet: invoices cannot be issued in production until it is.',
  help: 'Who StarLoop’s GST invoices are from. The PAN is the one inside the GSTIN.',
  legalName: 'Legal name',
  address: 'Registered address',
  state: 'State',
  gstin: 'GSTIN',
  pan: 'PAN',
  sac: 'SAC code of the service',
  seriesPrefix: 'Invoice series prefix',
  signatory: 'Authorised signatory',
  save: 'Save billing profile',
  failed: 'Could not save the billing profile. Please try again.',
} as const;

const STATE_OPTIONS = INDIAN_STATES.map((s) => s.name);

const valuesOf = (answer: TBillingProfileAnswer | undefined) => ({
  legalName: answer?.profile?.legalName ?? '',
  address: answer?.profile?.address ?? '',
  state: answer?.profile?.state ?? '',
  gstin: answer?.profile?.gstin ?? '',
  pan: answer?.profile?.pan ?? '',
  sac: answer?.profile?.sac ?? '',
  seriesPrefix: answer?.profile?.seriesPrefix ?? '',
  signatory: answer?.profile?.signatory ?? '',
});

/** Super admins: the operator's billing profile (admin.billingProfile), checked with the contract's messages. */
export function BillingProfileSection() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const profile = useQuery(trpc.admin.billingProfile.get.queryOptions());
  const form = useForm(ZBillingProfileWrite, () => valuesOf(undefined));
  const { reset } = form;
  useEffect(() => {
    if (profile.data) reset(valuesOf(profile.data));
  }, [profile.data, reset]);
  const save = useMutation(
    trpc.admin.billingProfile.update.mutationOptions({
      onSuccess: ({ success: _ok, message, ...answer }) => {
        notify.success(message);
        queryClient.setQueryData(trpc.admin.billingProfile.get.queryKey(), answer);
      },
      onError: (error) => {
        const message = form.showServerError(error, BILLING_PROFILE_TEXT.failed);
        if (message) notify.error(message);
      },
    }),
  );

  return (
    <SectionCard titleId="billing-profile-title" title={BILLING_PROFILE_TEXT.title}>
      <form
        noValidate
        onSubmit={submitHandler(() => {
          const input = form.submit();
          if (input) save.mutate(input);
        }, save.isPending)}
      >
        <Stack gap="sm" maw={720}>
          <Text size="sm" c={profile.data?.configured === false ? 'red.8' : 'dimmed'}>
            {profile.data?.configured === false
              ? BILLING_PROFILE_TEXT.notConfigured
              : BILLING_PROFILE_TEXT.help}
          </Text>
          {profile.isError ? <ErrorBanner message={anyMessage(profile.error)} /> : null}
          <TextInput label={BILLING_PROFILE_TEXT.legalName} {...form.input('legalName')} withAsterisk />
          <Textarea
            label={BILLING_PROFILE_TEXT.address}
            {...form.input('address')}
            withAsterisk
            autosize
            minRows={2}
          />
          <Group grow align="flex-start">
            <Select
              label={BILLING_PROFILE_TEXT.state}
              data={STATE_OPTIONS}
              searchable
              withAsterisk
              value={form.values.state || null}
              onChange={(state) => form.setField('state', state ?? '')}
              error={form.errors.state}
            />
            <TextInput
              label={BILLING_PROFILE_TEXT.gstin}
              {...form.input('gstin')}
              withAsterisk
              maxLength={15}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput label={BILLING_PROFILE_TEXT.pan} {...form.input('pan')} withAsterisk maxLength={10} />
            <TextInput
              label={BILLING_PROFILE_TEXT.sac}
              {...form.input('sac')}
              withAsterisk
              maxLength={6}
              inputMode="numeric"
            />
            <TextInput
              label={BILLING_PROFILE_TEXT.seriesPrefix}
              {...form.input('seriesPrefix')}
              withAsterisk
              maxLength={6}
            />
          </Group>
          <TextInput label={BILLING_PROFILE_TEXT.signatory} {...form.input('signatory')} />
          <Group>
            <Button type="submit" loading={save.isPending} disabled={profile.isPending}>
              {BILLING_PROFILE_TEXT.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
