import { NativeSelect, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import {
  LEAD_SOURCES,
  LEAD_STATUSES,
  LEAD_SUBJECTS,
  LIMITS,
  type TLeadDto,
  type TLeadSource,
  type TLeadStatus,
  type TLeadUpdate,
  ZLeadUpdate,
} from '@starloop/contract';
import type { TDetailField } from '../../../components/detail-dialog/detail-dialog.tsx';
import { FormDialog } from '../../../components/edit-dialog/edit-dialog.tsx';
import { useRecordForm } from '../../../components/edit-dialog/use-record-form.ts';
import { formatDateTime, formatNumber, titleCase } from '../../../lib/format.ts';
import { EMPTY_DEMO, type TDemoValues } from '../../contact/demo-request-form.tsx';
import { LeadStatusBadge } from '../shared/badges.tsx';
import type { TEditDialogHandlers } from '../shared/record-dialogs.ts';

/** A website subject value ('demo') as its label ('Schedule a Demo'); free text as typed. */
export function subjectLabel(subject: string): string {
  return LEAD_SUBJECTS.find((item) => item.value === subject)?.label ?? subject;
}

/** 'View Lead': every field, created and last updated included. */
export const leadFields = (shown: TLeadDto): TDetailField[] => [
  { label: 'ID', value: shown.id },
  { label: 'Status', value: <LeadStatusBadge status={shown.status} /> },
  { label: 'Name', value: shown.name },
  { label: 'Email', value: shown.email },
  { label: 'Contact', value: shown.contactNumber },
  { label: 'Business', value: shown.bussiness },
  { label: 'Subject', value: subjectLabel(shown.subject) },
  { label: 'Source', value: titleCase(shown.source) },
  { label: 'Created', value: formatDateTime(shown.createdAt) },
  { label: 'Last updated', value: formatDateTime(shown.updatedAt) },
  { label: 'Message', value: shown.message, wide: true },
];

export const leadDeleteMessage = (shown: TLeadDto) =>
  `Delete the lead from ${shown.name} (${shown.email})? This cannot be undone.`;

type TLeadEditValues = TDemoValues & { source: TLeadSource; status: TLeadStatus };

const EMPTY: TLeadEditValues = { ...EMPTY_DEMO, source: 'website', status: 'new' };

const leadValues = ({ id, createdAt, updatedAt, ...values }: TLeadDto): TLeadEditValues => values;

type TLeadEditDialogProps = TEditDialogHandlers<TLeadUpdate> & { lead: TLeadDto | null };

/** Edit Lead: name, email, contact number, subject and message required; message at most 2000. */
export function LeadEditDialog({ lead, ...props }: TLeadEditDialogProps) {
  const form = useRecordForm(ZLeadUpdate, lead, leadValues, EMPTY);
  const length = form.values.message.length;
  const text = form.input;

  return (
    <FormDialog form={form} opened={lead !== null} title="Edit Lead" {...props}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Name" withAsterisk {...text('name')} data-autofocus />
        <TextInput label="Email" withAsterisk type="email" {...text('email')} />
        <TextInput label="Contact number" withAsterisk type="tel" {...text('contactNumber')} />
        <TextInput label="Business" {...text('bussiness')} />
      </SimpleGrid>
      <TextInput label="Subject" withAsterisk {...text('subject')} />
      <Textarea
        label="Message"
        withAsterisk
        rows={6}
        resize="vertical"
        {...form.input('message')}
        description={
          <Text
            component="span"
            size="xs"
            c={length > LIMITS.leadMessageMax ? 'red.8' : 'dimmed'}
            aria-live="polite"
          >
            {formatNumber(length)}/{formatNumber(LIMITS.leadMessageMax)} characters
          </Text>
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect
          label="Source"
          value={form.values.source}
          onChange={(event) => form.setField('source', event.currentTarget.value as TLeadSource)}
          data={LEAD_SOURCES.map((value) => ({ value, label: titleCase(value) }))}
        />
        <NativeSelect
          label="Status"
          value={form.values.status}
          onChange={(event) => form.setField('status', event.currentTarget.value as TLeadStatus)}
          data={LEAD_STATUSES.map((value) => ({ value, label: titleCase(value) }))}
        />
      </SimpleGrid>
    </FormDialog>
  );
}
