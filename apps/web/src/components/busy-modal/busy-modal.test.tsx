import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render-mantine.tsx';
import { BusyModal, ModalActions } from './busy-modal.tsx';

function renderModal(busy: boolean) {
  const onClose = vi.fn();
  const onConfirm = vi.fn();
  renderWithMantine(
    <BusyModal opened onClose={onClose} busy={busy} title="Delete Agent">
      <ModalActions
        busy={busy}
        onCancel={onClose}
        onConfirm={onConfirm}
        label={busy ? 'Deleting...' : 'Delete'}
      />
    </BusyModal>,
  );
  return { onClose, onConfirm, user: userEvent.setup() };
}

describe('BusyModal and ModalActions', () => {
  it('closes and confirms while idle', async () => {
    const { onClose, onConfirm, user } = renderModal(false);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('stays open with its buttons disabled while busy', async () => {
    const { onClose, user } = renderModal(true);
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});
