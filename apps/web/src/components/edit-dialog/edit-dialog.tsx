import { Button, Fieldset, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBanner } from '../error-banner/error-banner.tsx';

export interface TEditDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The form was submitted (Enter or the submit button); validate and save here. */
  onSubmit: () => void;
  /** A save is running: fields and buttons are disabled and the button reads 'Saving...'. */
  saving: boolean;
  /** Default 'Save Changes'. */
  submitLabel?: string;
  /** Default 'Saving...'. */
  savingLabel?: string;
  /** Why the last save failed, shown above the buttons. */
  error?: string | null;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

/** A dialog around a form with the spec's 'Saving...' state (ui-guide: EditDialog). */
export function EditDialog({
  opened,
  onClose,
  title,
  onSubmit,
  saving,
  submitLabel = 'Save Changes',
  savingLabel = 'Saving...',
  error,
  children,
  size = 'lg',
}: TEditDialogProps) {
  const close = () => {
    if (!saving) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size={size}
      centered
      closeOnEscape={!saving}
      closeOnClickOutside={!saving}
      closeButtonProps={{ disabled: saving, 'aria-label': 'Close' }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!saving) onSubmit();
        }}
      >
        <Stack gap="md">
          <Fieldset variant="unstyled" disabled={saving} p={0} m={0}>
            <Stack gap="sm">{children}</Stack>
          </Fieldset>
          <ErrorBanner message={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? savingLabel : submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
