import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../theme.ts';
import { ConfirmDeleteDialog } from '../confirm-delete-dialog/confirm-delete-dialog.tsx';
import { DetailDialog } from '../detail-dialog/detail-dialog.tsx';
import { ErrorBanner } from '../error-banner/error-banner.tsx';
import { EditDialog } from './edit-dialog.tsx';

const wrap = (ui: ReactNode) => render(<MantineProvider theme={theme}>{ui}</MantineProvider>);

describe('EditDialog', () => {
  it('submits the form and shows Saving... with everything disabled while saving', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    const dialog = (saving: boolean) => (
      <MantineProvider theme={theme}>
        <EditDialog opened title="Edit User" onClose={onClose} onSubmit={onSubmit} saving={saving}>
          <TextInput label="Name" />
        </EditDialog>
      </MantineProvider>
    );
    const { rerender } = render(dialog(false));

    await user.type(await screen.findByLabelText('Name'), 'Asha{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);

    rerender(dialog(true));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByLabelText('Name')).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows why the last save failed', async () => {
    wrap(
      <EditDialog opened title="Edit" onClose={() => {}} onSubmit={() => {}} saving={false} error="Nope">
        <span />
      </EditDialog>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Nope');
  });
});

describe('ConfirmDeleteDialog', () => {
  it('confirms, then reads Deleting... and cannot be closed', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const view = (deleting: boolean) => (
      <MantineProvider theme={theme}>
        <ConfirmDeleteDialog
          opened
          title="Delete User"
          message="Delete Asha?"
          onClose={() => {}}
          onConfirm={onConfirm}
          deleting={deleting}
        />
      </MantineProvider>
    );
    const { rerender } = render(view(false));
    expect(await screen.findByText('Delete Asha?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalled();
    rerender(view(true));
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});

describe('DetailDialog', () => {
  it('lists labels and values, a dash for empty ones', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    wrap(
      <DetailDialog
        opened
        onClose={onClose}
        title="Admin Details"
        fields={[
          { label: 'Name', value: 'Asha' },
          { label: 'Notes', value: '' },
        ]}
      />,
    );
    expect(await screen.findByRole('dialog', { name: 'Admin Details' })).toBeInTheDocument();
    expect(screen.getByText('Asha')).toBeInTheDocument();
    expect(screen.getByText('-')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('ErrorBanner', () => {
  it('renders nothing without a message and can be dismissed', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    const { rerender } = wrap(<ErrorBanner message={null} onDismiss={onDismiss} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(
      <MantineProvider theme={theme}>
        <ErrorBanner message="Failed to fetch leads. Please try again." onDismiss={onDismiss} />
      </MantineProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch leads. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalled();
  });
});
