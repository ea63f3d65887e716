import { Button, PasswordInput, Stack } from '@mantine/core';
import { MESSAGES, ZChangePassword } from '@starloop/contract';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { anyMessage, readApiError } from '../../lib/api-errors.ts';
import { useForm } from '../../lib/use-form.ts';
import { ErrorBanner } from '../error-banner/error-banner.tsx';
import { NewPasswordFields } from '../new-password-fields/new-password-fields.tsx';
import { notify } from '../notify.ts';
import { SectionCard } from '../section-card/section-card.tsx';

export const PASSWORD_MESSAGES = {
  required: MESSAGES.registration.passwordRequired,
  min: MESSAGES.registration.passwordMin,
  mismatch: MESSAGES.registration.passwordMismatch,
  same: 'Choose a password different from your current one',
  failed: 'Could not change your password. Please try again.',
} as const;

/** The server's change-password rules, plus the confirmation and "not the same password again". */
export const ZPasswordChangeForm = ZChangePassword.extend({
  confirmPassword: z.string().min(1, PASSWORD_MESSAGES.required),
})
  // Both run whatever the other fields say, so every field shows its problem at once.
  .refine((v) => !v.newPassword || v.newPassword !== v.currentPassword, {
    message: PASSWORD_MESSAGES.same,
    path: ['newPassword'],
    when: () => true,
  })
  .refine((v) => !v.confirmPassword || v.confirmPassword === v.newPassword, {
    message: PASSWORD_MESSAGES.mismatch,
    path: ['confirmPassword'],
    when: () => true,
  });

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
/** The fields a refusal of the server may name (a wrong current password, a too common new one). */
const SERVER_FIELDS = ['currentPassword', 'newPassword'] as const;

export interface TPasswordChangeFormProps<TAnswer extends { message: string }, TError> {
  /** The section heading's id (the section is labelled by it). */
  titleId: string;
  /** The account's change-password call (owner or admin): current and new password in. */
  options: UseMutationOptions<TAnswer, TError, { currentPassword: string; newPassword: string }>;
  /** Said when the server's answer carries no message. */
  changed: string;
}

/**
 * Change password: current, new, confirm, for an owner's settings and an admin's account alike. The
 * server signs out the account's other sessions. A refusal naming a field (a wrong current
 * password, a new one too common) is said under that field; anything else above the button.
 * (Mantine's PasswordInput ties its error text to the field but sets no aria-invalid: set here.)
 */
export function PasswordChangeForm<TAnswer extends { message: string }, TError>({
  titleId,
  options,
  changed,
}: TPasswordChangeFormProps<TAnswer, TError>) {
  const change = useMutation(options);
  const form = useForm(ZPasswordChangeForm, EMPTY);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input = form.submit();
    if (!input) return;
    try {
      const result = await change.mutateAsync({
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
      });
      form.reset(EMPTY);
      notify.success(result.message || changed);
    } catch (error) {
      const { field, message } = readApiError(error);
      const onField = SERVER_FIELDS.find((name) => name === field);
      if (onField && message) form.setErrors({ [onField]: message });
      else setFormError(anyMessage(error, PASSWORD_MESSAGES.failed));
    }
  };

  return (
    <SectionCard titleId={titleId} title="Change password">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm" maw={420}>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...form.input('currentPassword')}
            aria-invalid={form.errors.currentPassword ? true : undefined}
            disabled={change.isPending}
            required
          />
          <NewPasswordFields
            passwordLabel="New password"
            confirmLabel="Confirm new password"
            password={form.input('newPassword')}
            confirm={form.input('confirmPassword')}
            common={{ disabled: change.isPending, required: true }}
          />
          <ErrorBanner message={formError} />
          <div>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </div>
        </Stack>
      </form>
    </SectionCard>
  );
}
