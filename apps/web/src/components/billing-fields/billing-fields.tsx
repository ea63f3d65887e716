import { Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import type { TAccountBilling, TAccountBillingWrite } from '@starloop/contract';
import { INDIAN_STATES } from '@starloop/contract/geo';
import type { useForm } from '../../lib/use-form.ts';

export const BILLING_FIELDS_TEXT = {
  legalName: 'Legal name',
  address: 'Billing address',
  state: 'State',
  gstin: 'GSTIN (optional)',
} as const;

const STATE_OPTIONS = INDIAN_STATES.map((s) => s.name);

export interface TBillingValues {
  legalName: string;
  address: string;
  state: string;
  gstin: string;
}

export const billingValuesOf = (billing?: Partial<TAccountBilling>): TBillingValues => ({
  legalName: billing?.legalName ?? '',
  address: billing?.address ?? '',
  state: billing?.state ?? '',
  gstin: billing?.gstin ?? '',
});

type TBillingForm = ReturnType<typeof useForm<TBillingValues, TAccountBillingWrite>>;

/**
 * The fields of a GST invoice's recipient (legal name, billing address, state, optional GSTIN),
 * shared by the Plan page and registration; the form checks them with ZAccountBillingWrite.
 */
export function BillingFields({ form, disabled }: { form: TBillingForm; disabled?: boolean }) {
  return (
    <Stack gap="sm">
      <TextInput
        label={BILLING_FIELDS_TEXT.legalName}
        {...form.input('legalName')}
        withAsterisk
        disabled={disabled}
      />
      <Textarea
        label={BILLING_FIELDS_TEXT.address}
        {...form.input('address')}
        withAsterisk
        autosize
        minRows={2}
        disabled={disabled}
      />
      <Group grow align="flex-start">
        <Select
          label={BILLING_FIELDS_TEXT.state}
          data={STATE_OPTIONS}
          searchable
          withAsterisk
          value={form.values.state || null}
          onChange={(state) => form.setField('state', state ?? '')}
          error={form.errors.state}
          disabled={disabled}
        />
        <TextInput
          label={BILLING_FIELDS_TEXT.gstin}
          {...form.input('gstin')}
          maxLength={15}
          style={{ textTransform: 'uppercase' }}
          disabled={disabled}
        />
      </Group>
    </Stack>
  );
}
