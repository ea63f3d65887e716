import { TextInput } from '@mantine/core';
import type { TForm } from '../../lib/use-form.ts';

/** The required name and email of the demo request and support forms (ZLeadCreate's rules). */
export function NameEmailFields<T extends { name: string; email: string }, Out>({
  form,
  nameLabel,
  disabled,
}: {
  form: TForm<T, Out>;
  nameLabel: string;
  disabled: boolean;
}) {
  return (
    <>
      <TextInput
        label={nameLabel}
        autoComplete="name"
        {...form.input('name')}
        disabled={disabled}
        withAsterisk
      />
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        {...form.input('email')}
        disabled={disabled}
        withAsterisk
      />
    </>
  );
}
