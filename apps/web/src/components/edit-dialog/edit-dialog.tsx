import { Fieldset, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { submitHandler, type TForm } from '../../lib/use-form.ts';
import { BusyModal, ModalActions, type TDialogProps } from '../busy-modal/busy-modal.tsx';
import { ErrorBanner } from '../error-banner/error-banner.tsx';

export interface TEditDialogProps extends TDialogProps {
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
  return (
    <BusyModal opened={opened} onClose={onClose} busy={saving} title={title} size={size}>
      <form noValidate onSubmit={submitHandler(onSubmit, saving)}>
        <Stack gap="md">
          <Fieldset variant="unstyled" disabled={saving} p={0} m={0}>
            <Stack gap="sm">{children}</Stack>
          </Fieldset>
          <ErrorBanner message={error} />
          <ModalActions busy={saving} onCancel={onClose} label={saving ? savingLabel : submitLabel} />
        </Stack>
      </form>
    </BusyModal>
  );
}

export interface TFormDialogProps<T extends object, Out> extends Omit<TEditDialogProps, 'onSubmit'> {
  form: TForm<T, Out>;
  /** Called with the schema's parsed values when the form is valid. */
  onSave: (values: Out) => void;
}

/** An EditDialog around a useForm: submitting shows the field errors, or saves the parsed values. */
export function FormDialog<T extends object, Out>({ form, onSave, ...props }: TFormDialogProps<T, Out>) {
  return (
    <EditDialog
      {...props}
      onSubmit={() => {
        const values = form.submit();
        if (values) onSave(values);
      }}
    />
  );
}
