import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../../test/render-mantine.tsx';
import { RESOLVE_TEXT, ResolveDialog } from './resolve-dialog.tsx';

describe('ResolveDialog', () => {
  it('needs an outcome, then resolves with it', async () => {
    const onResolve = vi.fn();
    const onClose = vi.fn();
    renderWithMantine(<ResolveDialog count={2} busy={false} onResolve={onResolve} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: RESOLVE_TEXT.title(2) });
    const user = userEvent.setup();
    const resolve = screen.getByRole('button', { name: RESOLVE_TEXT.resolve });
    expect(resolve).toBeDisabled();
    for (const name of ['Recovered', 'Not recovered', 'No reply']) {
      expect(screen.getByRole('radio', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('radio', { name: /^No reply/ }));
    await user.click(resolve);
    expect(onResolve).toHaveBeenCalledWith('no_reply');
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: RESOLVE_TEXT.cancel }));
    expect(onClose).toHaveBeenCalled();
  });

  it('is closed without cases', () => {
    renderWithMantine(<ResolveDialog count={null} busy={false} onResolve={vi.fn()} onClose={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
