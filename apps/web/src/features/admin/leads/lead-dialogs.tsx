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
import { type ChangeEvent, useEffect } from 'react';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog/confirm-delete-dialog.tsx';
import { DetailDialog } from '../../../components/detail-dialog/detail-dialog.tsx';
import { EditDialog } from '../../../components/edit-dialog/edit-dialog.tsx';
import { useFormState } from '../../../components/edit-dialog/use-form-state.ts';
import { formatDateTime, formatNumber, titleCase } from '../../../lib/format.ts';
import { LeadStatusBadge } from '../shared/badges.tsx';
import { useSticky } from '../shared/use-sticky.ts';

/** A website subject value ('demo') as its label ('Schedule a Demo'); free text as typed. */
export function subjectLabel(subject: string): string {
  return LEAD_SUBJECTS.find((item) => item.value === subject)?.label ?? subject;
}

export function LeadViewDialog({ lead, onClose }: { lead: TLeadDto | null; onClose: () => void }) {
  const shown = useSticky(lead);
  return (
    <DetailDialog
      opened={lead !== null}
      onClose={onClose}
      title="View Lead"
      fields={
        shown
          ? [
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
            ]
          : []
      }
    />
  );
}

type TLeadEditValues = {
  name: string;
  email: string;
  contactNumber: string;
  bussiness: string;
  subject: string;
  message: string;
  source: TLeadSource;
  status: TLeadStatus;
};

const EMPTY: TLeadEditValues = {
  name: '',
  email: '',
  contactNumber: '',
  bussiness: '',
  subject: '',
  message: '',
  source: 'website',
  status: 'new',
};

interface TLeadEditDialogProps {
  lead: TLeadDto | null;
  onClose: () => void;
  onSave: (values: TLeadUpdate) => void;
  saving: boolean;
  error: string | null;
}

/** Edit Lead: name, email, contact number, subject and message required; message at most 2000. */
export function LeadEditDialog({ lead, onClose, onSave, saving, error }: TLeadEditDialogProps) {
  const form = useFormState<TLeadEditValues>(EMPTY);
  const { reset } = form;
  useEffect(() => {
    if (lead) {
      reset({
        name: lead.name,
        email: lead.email,
        contactNumber: lead.contactNumber,
        bussiness: lead.bussiness,
        subject: lead.subject,
        message: lead.message,
        source: lead.source,
        status: lead.status,
      });
    }
  }, [lead, reset]);

  const length = form.values.message.length;
  const text = (field: 'name' | 'email' | 'contactNumber' | 'bussiness' | 'subject') => ({
    value: form.values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.setField(field, event.currentTarget.value),
    error: form.errors[field],
  });

  return (
    <EditDialog
      opened={lead !== null}
      onClose={onClose}
      title="Edit Lead"
      saving={saving}
      error={error}
      onSubmit={() => {
        const values = form.validate((v) => ZLeadUpdate.safeParse(v));
        if (values) onSave(values);
      }}
    >
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
        value={form.values.message}
        onChange={(event) => form.setField('message', event.currentTarget.value)}
        error={form.errors.message}
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
    </EditDialog>
  );
}

interface TLeadDeleteDialogProps {
  lead: TLeadDto | null;
  onClose: () => void;
  onConfirm: () => void;
  deleting: boolean;
  error: string | null;
}

export function LeadDeleteDialog({ lead, onClose, onConfirm, deleting, error }: TLeadDeleteDialogProps) {
  const shown = useSticky(lead);
  return (
    <ConfirmDeleteDialog
      opened={lead !== null}
      onClose={onClose}
      onConfirm={onConfirm}
      deleting={deleting}
      error={error}
      title="Delete Lead"
      message={shown ? `Delete the shown from ${shown.name} (${shown.email})? This cannot be undone.` : ''}
    />
  );
}
