import { Anchor, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { TAdminUser, TOwnerStatus } from '@starloop/contract';
import { useState } from 'react';
import type { TDetailField } from '../../../components/detail-dialog/detail-dialog.tsx';
import { FormDialog } from '../../../components/edit-dialog/edit-dialog.tsx';
import { useRecordForm } from '../../../components/edit-dialog/use-record-form.ts';
import { formatDate, formatNumber, titleCase } from '../../../lib/format.ts';
import { OwnerStatusBadge } from '../shared/badges.tsx';
import type { TEditDialogHandlers } from '../shared/record-dialogs.ts';
import { CodeChangeWarning } from './code-change-warning/code-change-warning.tsx';
import { type TUserEditValues, userEditValues, ZUserEdit } from './user-edit-schema.ts';

export function agentText(user: TAdminUser): string {
  if (user.agent) return `${user.agent.name} (${user.agent.phone})`;
  return user.agentName ? user.agentName : 'Direct';
}

/** 'User Details': every field of the user. */
export const userFields = (shown: TAdminUser): TDetailField[] => [
  { label: 'ID', value: shown.id },
  { label: 'Name', value: shown.name },
  { label: 'Business', value: shown.businessName },
  { label: 'Email', value: shown.email },
  { label: 'Contact', value: shown.contactNumber },
  { label: 'Business code', value: shown.code },
  { label: 'Status', value: <OwnerStatusBadge status={shown.status} /> },
  { label: 'Plan', value: titleCase(shown.plan) },
  { label: 'Registration source', value: titleCase(shown.registrationSource) },
  { label: 'Agent', value: agentText(shown) },
  { label: 'Subscription start', value: formatDate(shown.subscriptionStart) },
  { label: 'Subscription end', value: formatDate(shown.subscriptionEnd) },
  { label: 'Reviews', value: formatNumber(shown._count.reviews) },
  { label: 'Payments', value: formatNumber(shown._count.payments) },
  { label: 'Created', value: formatDate(shown.createdAt) },
  {
    label: 'Review link',
    wide: true,
    value: shown.reviewLink ? (
      <Anchor href={shown.reviewLink} target="_blank" rel="noopener noreferrer" size="sm">
        {shown.reviewLink}
      </Anchor>
    ) : null,
  },
];

export const userDeleteMessage = (shown: TAdminUser) =>
  `Delete ${shown.name} (${shown.businessName})? Their review page stops at once; their data is kept for 30 days, then removed.`;

const EMPTY_VALUES: TUserEditValues = {
  name: '',
  businessName: '',
  contactNumber: '',
  code: '',
  reviewLink: '',
  status: 'pending',
};

export function UserEditDialog({
  user,
  ...props
}: TEditDialogHandlers<TUserEditValues> & { user: TAdminUser | null }) {
  const form = useRecordForm(ZUserEdit, user, userEditValues, EMPTY_VALUES);
  // A new business code is saved only once the warning is ticked (the old code keeps forwarding).
  const [codeConfirmed, setCodeConfirmed] = useState<string | null>(null);
  const [codeMissing, setCodeMissing] = useState(false);
  const newCode = form.values.code.trim().toLowerCase();
  const codeChanged = user !== null && newCode !== '' && newCode !== user.code;
  const confirmed = codeConfirmed === newCode;
  // The form offers pending and active (spec section 4); an inactive user keeps showing its status.
  const statuses: TOwnerStatus[] = [
    'pending',
    'active',
    ...(user?.status === 'inactive' ? (['inactive'] as const) : []),
  ];

  return (
    <FormDialog
      form={form}
      opened={user !== null}
      title="Edit User"
      {...props}
      onSave={(values) => {
        if (codeChanged && !confirmed) return setCodeMissing(true);
        props.onSave(values);
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Name" withAsterisk {...form.input('name')} data-autofocus />
        <TextInput label="Business name" withAsterisk {...form.input('businessName')} />
        <TextInput label="Contact number" withAsterisk inputMode="numeric" {...form.input('contactNumber')} />
        <TextInput label="Business code" withAsterisk {...form.input('code')} />
      </SimpleGrid>
      {codeChanged && user ? (
        <CodeChangeWarning
          oldCode={user.code}
          newCode={newCode}
          confirmed={confirmed}
          onConfirmedChange={(checked) => setCodeConfirmed(checked ? newCode : null)}
          missing={codeMissing}
        />
      ) : null}
      <TextInput
        label="Review link"
        withAsterisk
        type="url"
        placeholder="https://"
        {...form.input('reviewLink')}
      />
      <NativeSelect
        label="Status"
        data={statuses.map((status) => ({ value: status, label: titleCase(status) }))}
        value={form.values.status}
        onChange={(event) => form.setField('status', event.currentTarget.value as TOwnerStatus)}
      />
    </FormDialog>
  );
}
