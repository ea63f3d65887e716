import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBanner } from '../error-banner/error-banner.tsx';

export interface TConfirmDeleteDialogProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  /** The delete is running: buttons are disabled and the button reads 'Deleting...'. */
  deleting: boolean;
  title: string;
  /** What will be deleted and what that means. */
  message: ReactNode;
  /** Default 'Delete'. */
  confirmLabel?: string;
  error?: string | null;
}

/** "Are you sure?" with the spec's 'Deleting...' state (ui-guide: ConfirmDeleteDialog). */
export function ConfirmDeleteDialog({
  opened,
  onClose,
  onConfirm,
  deleting,
  title,
  message,
  confirmLabel = 'Delete',
  error,
}: TConfirmDeleteDialogProps) {
  const close = () => {
    if (!deleting) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeOnEscape={!deleting}
      closeOnClickOutside={!deleting}
      closeButtonProps={{ disabled: deleting, 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
        <ErrorBanner message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={deleting} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} disabled={deleting}>
            {deleting ? 'Deleting...' : confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
