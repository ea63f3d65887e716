import { Anchor, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { TAdminUser, TOwnerStatus } from '@starloop/contract';
import { useEffect } from 'react';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog/confirm-delete-dialog.tsx';
import { DetailDialog } from '../../../components/detail-dialog/detail-dialog.tsx';
import { EditDialog } from '../../../components/edit-dialog/edit-dialog.tsx';
import { useFormState } from '../../../components/edit-dialog/use-form-state.ts';
import { formatDate, formatNumber, titleCase } from '../../../lib/format.ts';
import { OwnerStatusBadge } from '../shared/badges.tsx';
import { useSticky } from '../shared/use-sticky.ts';
import { parseUserEdit, type TUserEditValues, userEditValues } from './user-edit-schema.ts';

export function agentText(user: TAdminUser): string {
  if (user.agent) return `${user.agent.name} (${user.agent.phone})`;
  return user.agentName ? user.agentName : 'Direct';
}

export function UserViewDialog({ user, onClose }: { user: TAdminUser | null; onClose: () => void }) {
  const shown = useSticky(user);
  return (
    <DetailDialog
      opened={user !== null}
      onClose={onClose}
      title="User Details"
      fields={
        shown
          ? [
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
            ]
          : []
      }
    />
  );
}

const EMPTY_VALUES: TUserEditValues = {
  name: '',
  businessName: '',
  contactNumber: '',
  code: '',
  reviewLink: '',
  status: 'pending',
};

interface TUserEditDialogProps {
  user: TAdminUser | null;
  onClose: () => void;
  onSave: (values: TUserEditValues) => void;
  saving: boolean;
  error: string | null;
}

export function UserEditDialog({ user, onClose, onSave, saving, error }: TUserEditDialogProps) {
  const form = useFormState<TUserEditValues>(EMPTY_VALUES);
  const { reset } = form;
  useEffect(() => {
    if (user) reset(userEditValues(user));
  }, [user, reset]);

  // The form offers pending and active (spec section 4); an inactive user keeps showing its status.
  const statuses: TOwnerStatus[] = [
    'pending',
    'active',
    ...(user?.status === 'inactive' ? (['inactive'] as const) : []),
  ];

  return (
    <EditDialog
      opened={user !== null}
      onClose={onClose}
      title="Edit User"
      saving={saving}
      error={error}
      onSubmit={() => {
        const values = form.validate(parseUserEdit);
        if (values) onSave(values);
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Name"
          withAsterisk
          value={form.values.name}
          onChange={(event) => form.setField('name', event.currentTarget.value)}
          error={form.errors.name}
          data-autofocus
        />
        <TextInput
          label="Business name"
          withAsterisk
          value={form.values.businessName}
          onChange={(event) => form.setField('businessName', event.currentTarget.value)}
          error={form.errors.businessName}
        />
        <TextInput
          label="Contact number"
          withAsterisk
          inputMode="numeric"
          value={form.values.contactNumber}
          onChange={(event) => form.setField('contactNumber', event.currentTarget.value)}
          error={form.errors.contactNumber}
        />
        <TextInput
          label="Business code"
          withAsterisk
          value={form.values.code}
          onChange={(event) => form.setField('code', event.currentTarget.value)}
          error={form.errors.code}
        />
      </SimpleGrid>
      <TextInput
        label="Review link"
        withAsterisk
        type="url"
        placeholder="https://"
        value={form.values.reviewLink}
        onChange={(event) => form.setField('reviewLink', event.currentTarget.value)}
        error={form.errors.reviewLink}
      />
      <NativeSelect
        label="Status"
        data={statuses.map((status) => ({ value: status, label: titleCase(status) }))}
        value={form.values.status}
        onChange={(event) => form.setField('status', event.currentTarget.value as TOwnerStatus)}
      />
    </EditDialog>
  );
}

interface TUserDeleteDialogProps {
  user: TAdminUser | null;
  onClose: () => void;
  onConfirm: () => void;
  deleting: boolean;
}

export function UserDeleteDialog({ user, onClose, onConfirm, deleting }: TUserDeleteDialogProps) {
  const shown = useSticky(user);
  return (
    <ConfirmDeleteDialog
      opened={user !== null}
      onClose={onClose}
      onConfirm={onConfirm}
      deleting={deleting}
      title="Delete User"
      message={
        shown
          ? `Delete ${shown.name} (${shown.businessName})? Their review page stops at once; their data is kept for 30 days, then removed.`
          : ''
      }
    />
  );
}
