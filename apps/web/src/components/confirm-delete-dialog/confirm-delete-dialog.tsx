import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSticky } from '../../lib/use-sticky.ts';
import { BusyModal, ModalActions, type TDialogProps } from '../busy-modal/busy-modal.tsx';
import { ErrorBanner } from '../error-banner/error-banner.tsx';

export interface TConfirmDeleteDialogProps extends TDialogProps {
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
  return (
    <BusyModal opened={opened} onClose={onClose} busy={deleting} title={title}>
      <Stack gap="md">
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
        <ErrorBanner message={error} />
        <ModalActions
          busy={deleting}
          onCancel={onClose}
          onConfirm={onConfirm}
          color="red"
          label={deleting ? 'Deleting...' : confirmLabel}
          focusCancel
        />
      </Stack>
    </BusyModal>
  );
}

export interface TRecordDeleteDialogProps<R> extends Omit<TConfirmDeleteDialogProps, 'opened' | 'message'> {
  /** The record to delete; null closes the dialog. */
  record: R | null;
  message: (record: R) => ReactNode;
}

/** A ConfirmDeleteDialog for one record that keeps its text while it animates closed. */
export function RecordDeleteDialog<R>({ record, message, ...props }: TRecordDeleteDialogProps<R>) {
  const shown = useSticky(record);
  return <ConfirmDeleteDialog opened={record !== null} message={shown ? message(shown) : ''} {...props} />;
}
