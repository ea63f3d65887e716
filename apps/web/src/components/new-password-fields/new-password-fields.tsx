import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { LIMITS } from '@starloop/contract';

type TFieldProps = Omit<PasswordInputProps, 'label'>;

export interface TNewPasswordFieldsProps {
  passwordLabel: string;
  confirmLabel: string;
  /** value / onChange / error (and any other prop) of each field. */
  password: TFieldProps;
  confirm: TFieldProps;
  /** Props both fields take (disabled, withAsterisk, required, id...). */
  common?: TFieldProps;
}

/**
 * A new password and its confirmation (registration, set/reset password, change password). Mantine's
 * PasswordInput ties its error text to the field but sets no aria-invalid: set here.
 */
export function NewPasswordFields({
  passwordLabel,
  confirmLabel,
  password,
  confirm,
  common,
}: TNewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label={passwordLabel}
        description={`At least ${LIMITS.passwordMin} characters`}
        autoComplete="new-password"
        aria-invalid={password.error ? true : undefined}
        {...common}
        {...password}
      />
      <PasswordInput
        label={confirmLabel}
        autoComplete="new-password"
        aria-invalid={confirm.error ? true : undefined}
        {...common}
        {...confirm}
      />
    </>
  );
}
