import { TextInput } from '@mantine/core';
import type { TFieldErrors } from '../../../components/edit-dialog/use-form-state.ts';

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

interface TAgentFieldsProps {
  values: TAgentFieldValues;
  errors: TFieldErrors<TAgentFieldValues>;
  onChange: <F extends keyof TAgentFieldValues>(field: F, value: string) => void;
  disabled?: boolean;
}

/** Full Name, Phone Number and Email Address (Create Agent form, Add Agent and edit dialogs). */
export function AgentFields({ values, errors, onChange, disabled }: TAgentFieldsProps) {
  return (
    <>
      <TextInput
        label="Full Name"
        withAsterisk
        autoComplete="off"
        value={values.name}
        onChange={(event) => onChange('name', event.currentTarget.value)}
        error={errors.name}
        disabled={disabled}
        data-autofocus
      />
      <TextInput
        label="Phone Number"
        withAsterisk
        type="tel"
        inputMode="tel"
        placeholder="98765 43210"
        value={values.phone}
        onChange={(event) => onChange('phone', event.currentTarget.value)}
        error={errors.phone}
        disabled={disabled}
      />
      <TextInput
        label="Email Address"
        withAsterisk
        type="email"
        placeholder="agent@example.com"
        value={values.email}
        onChange={(event) => onChange('email', event.currentTarget.value)}
        error={errors.email}
        disabled={disabled}
      />
    </>
  );
}
