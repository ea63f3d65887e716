import { Alert, Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../components/notify.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { errorMessage } from '../shared/use-owner.ts';

export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  min: 'Password must be at least 6 characters',
  mismatch: 'Passwords do not match',
  same: 'Choose a password different from your current one',
  currentWrong: 'Your current password is not correct',
  changed: 'Password changed. Other devices have been signed out.',
} as const;

const PASSWORD_MIN = 6;

interface TFields {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
type TErrors = Partial<Record<keyof TFields, string>>;

const EMPTY: TFields = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function validatePasswordChange(fields: TFields): TErrors {
  const errors: TErrors = {};
  if (!fields.currentPassword) errors.currentPassword = PASSWORD_MESSAGES.required;
  if (!fields.newPassword) errors.newPassword = PASSWORD_MESSAGES.required;
  else if (fields.newPassword.length < PASSWORD_MIN) errors.newPassword = PASSWORD_MESSAGES.min;
  else if (fields.newPassword === fields.currentPassword) errors.newPassword = PASSWORD_MESSAGES.same;
  if (!fields.confirmPassword) errors.confirmPassword = PASSWORD_MESSAGES.required;
  else if (fields.confirmPassword !== fields.newPassword) errors.confirmPassword = PASSWORD_MESSAGES.mismatch;
  return errors;
}

/**
 * Change password: current, new, confirm. The server signs out the owner's other devices.
 * (Mantine's PasswordInput ties its error text to the field but sets no aria-invalid: set here.)
 */
export function PasswordSection() {
  const trpc = useTrpc();
  const [fields, setFields] = useState<TFields>(EMPTY);
  const [errors, setErrors] = useState<TErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const change = useMutation(trpc.owner.settings.changePassword.mutationOptions());

  const set = (key: keyof TFields) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setFields((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validatePasswordChange(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const result = await change.mutateAsync({
        currentPassword: fields.currentPassword,
        newPassword: fields.newPassword,
      });
      setFields(EMPTY);
      notify.success(result.message || PASSWORD_MESSAGES.changed);
    } catch (error) {
      const message = errorMessage(error, 'Could not change your password. Please try again.');
      if (message === PASSWORD_MESSAGES.currentWrong) setErrors({ currentPassword: message });
      else setFormError(message);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="password-title">
      <Title order={2} size="h4" id="password-title" mb="sm">
        Change password
      </Title>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm" maw={420}>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={fields.currentPassword}
            onChange={set('currentPassword')}
            error={errors.currentPassword}
            aria-invalid={errors.currentPassword ? true : undefined}
            disabled={change.isPending}
            required
          />
          <PasswordInput
            label="New password"
            description="At least 6 characters"
            autoComplete="new-password"
            value={fields.newPassword}
            onChange={set('newPassword')}
            error={errors.newPassword}
            aria-invalid={errors.newPassword ? true : undefined}
            disabled={change.isPending}
            required
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            value={fields.confirmPassword}
            onChange={set('confirmPassword')}
            error={errors.confirmPassword}
            aria-invalid={errors.confirmPassword ? true : undefined}
            disabled={change.isPending}
            required
          />
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          <div>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
