import { TextInput } from '@mantine/core';
import type { TForm } from '../../../lib/use-form.ts';

export interface TAgentFieldValues {
  name: string;
  phone: string;
  email: string;
}

export const EMPTY_AGENT: TAgentFieldValues = { name: '', phone: '', email: '' };

/** Texts of spec section 8, Agents (creation), and ours for edit and delete. */
export const AGENT_TEXTS = {
  created: 'Agent created successfully!',
  createFailed: 'Failed to create agent. Please try again.',
  updated: 'Agent updated successfully!',
  updateFailed: 'Failed to update agent. Please try again.',
  deleted: 'Agent deleted successfully!',
  deleteFailed: 'Failed to delete agent. Please try again.',
} as const;

/** Toast durations of spec section 9: agent creation 3 s on success, 4 s on error. */
export const AGENT_TOAST_MS = { success: 3000, error: 4000 } as const;

/** Full Name, Phone Number and Email Address (Create Agent form, Add Agent and edit dialogs). */
export function AgentFields<T extends TAgentFieldValues, Out>({
  form,
  disabled,
}: {
  form: TForm<T, Out>;
  disabled?: boolean;
}) {
  return (
    <>
      <TextInput
        label="Full Name"
        withAsterisk
        autoComplete="off"
        {...form.input('name')}
        disabled={disabled}
        data-autofocus
      />
      <TextInput
        label="Phone Number"
        withAsterisk
        type="tel"
        inputMode="tel"
        placeholder="98765 43210"
        {...form.input('phone')}
        disabled={disabled}
      />
      <TextInput
        label="Email Address"
        withAsterisk
        type="email"
        placeholder="agent@example.com"
        {...form.input('email')}
        disabled={disabled}
      />
    </>
  );
}
