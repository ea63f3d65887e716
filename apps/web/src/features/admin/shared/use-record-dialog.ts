import { useState } from 'react';
import type { TRowActionKind } from '../../../components/data-table/data-table.tsx';
import { notify } from '../../../components/notify.ts';
import { useAdminRefresh } from './use-admin-refresh.ts';

interface TMutation<I> {
  mutate: (input: I, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}

/**
 * The view / edit / delete dialogs of one admin list: which record is open in which dialog, the
 * dialog's error, and `run` for a save or delete (spec section 4: on success the toast, the dialog
 * closes and the current page and cards load again).
 */
export function useRecordDialog<R extends { id: number }>() {
  const refresh = useAdminRefresh();
  const [dialog, setDialog] = useState<{ kind: TRowActionKind | 'create'; record: R | null } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = (kind: TRowActionKind | 'create', record: R | null = null) => {
    setError(null);
    setDialog({ kind, record });
  };
  const close = () => {
    setDialog(null);
    setError(null);
  };
  /** The record of an open dialog of this kind, else null (the dialog is closed). */
  const recordFor = (kind: TRowActionKind) => (dialog?.kind === kind ? dialog.record : null);

  const run = <I>(
    mutation: TMutation<I>,
    input: I,
    handlers: { success: string; autoClose?: number; onError: (error: unknown) => void },
  ) => {
    setError(null);
    mutation.mutate(input, {
      onSuccess: () => {
        notify.success(handlers.success, handlers.autoClose ? { autoClose: handlers.autoClose } : undefined);
        close();
        void refresh();
      },
      onError: handlers.onError,
    });
  };

  /** Runs a save or delete on the record of the open `kind` dialog. */
  const runOn = <I>(
    kind: TRowActionKind,
    mutation: TMutation<I>,
    input: (record: R) => I,
    handlers: Parameters<typeof run>[2],
  ) => {
    const record = recordFor(kind);
    if (record !== null) run(mutation, input(record), handlers);
  };

  /** Props of the open dialogs: the record (null: closed), close, and the running save or delete. */
  const viewProps = { record: recordFor('view'), onClose: close };
  const editProps = (mutation: { isPending: boolean }) => ({
    onClose: close,
    saving: mutation.isPending,
    error,
  });
  const deleteProps = (mutation: { isPending: boolean }) => ({
    record: recordFor('delete'),
    onClose: close,
    deleting: mutation.isPending,
  });
  type THandlers = Parameters<typeof run>[2];
  /** The edit dialog's props whose save sends `{ id, ...values }` for its record. */
  const saveProps = <I extends { id: number }>(
    mutation: TMutation<I> & { isPending: boolean },
    handlers: THandlers,
  ) => ({
    ...editProps(mutation),
    onSave: (values: Omit<I, 'id'>) =>
      runOn('edit', mutation, (record) => ({ id: record.id, ...values }) as I, handlers),
  });
  /** The delete dialog's props whose confirmation sends `{ id }` of its record. */
  const removeProps = (
    mutation: TMutation<{ id: number }> & { isPending: boolean },
    handlers: THandlers,
  ) => ({
    ...deleteProps(mutation),
    onConfirm: () => runOn('delete', mutation, (record) => ({ id: record.id }), handlers),
  });

  return {
    viewProps,
    editProps,
    deleteProps,
    saveProps,
    removeProps,
    runOn,
    dialog,
    open,
    close,
    recordFor,
    error,
    setError,
    run,
    isOpen: (kind: 'create') => dialog?.kind === kind,
  };
}
