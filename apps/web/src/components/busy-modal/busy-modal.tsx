import { Button, type ButtonProps, Group, Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** What every dialog is given: whether it is open, and how it closes. */
export interface TDialogProps {
  opened: boolean;
  onClose: () => void;
}

export interface TBusyModalProps extends Omit<ModalProps, 'onClose' | 'centered'> {
  onClose: () => void;
  /** A save or delete is running: Escape, the backdrop and the close button do nothing. */
  busy: boolean;
}

/** A centred dialog that stays open while its action runs (edit, delete and export dialogs). */
export function BusyModal({ busy, onClose, children, ...props }: TBusyModalProps) {
  return (
    <Modal
      {...props}
      onClose={() => {
        if (!busy) onClose();
      }}
      centered
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      closeButtonProps={{ disabled: busy, 'aria-label': 'Close' }}
    >
      {children}
    </Modal>
  );
}

export interface TModalActionsProps {
  busy: boolean;
  onCancel: () => void;
  /** The main button's text (e.g. 'Saving...' while busy). */
  label: ReactNode;
  /** Submits the dialog's form unless onConfirm is given. */
  onConfirm?: () => void;
  color?: ButtonProps['color'];
  /** Focus Cancel when the dialog opens (delete confirmations). */
  focusCancel?: boolean;
}

/** Cancel and the dialog's main button, right-aligned; both disabled while busy. */
export function ModalActions({ busy, onCancel, label, onConfirm, color, focusCancel }: TModalActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus={focusCancel || undefined}>
        Cancel
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        disabled={busy}
        {...(color ? { color } : {})}
      >
        {label}
      </Button>
    </Group>
  );
}
