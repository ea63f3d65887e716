import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../../test/render-mantine.tsx';
import { assigneesAnswer, ME } from '../test/case-fixtures.ts';
import { BULK_TEXT, BulkBar } from './bulk-bar.tsx';

function renderBar(overrides: { compact?: boolean; busy?: boolean; meId?: number | null } = {}) {
  const handlers = { onAssign: vi.fn(), onResolve: vi.fn(), onClear: vi.fn() };
  renderWithMantine(
    <BulkBar
      count={3}
      assignees={assigneesAnswer.assignees}
      meId={overrides.meId === undefined ? ME : overrides.meId}
      busy={overrides.busy ?? false}
      compact={overrides.compact}
      {...handlers}
    />,
  );
  return { ...handlers, user: userEvent.setup() };
}

describe('BulkBar', () => {
  it('assigns to me or to someone, resolves, and clears', async () => {
    const { onAssign, onResolve, onClear, user } = renderBar();
    expect(screen.getByRole('toolbar', { name: 'Selected cases' })).toHaveTextContent(BULK_TEXT.selected(3));
    await user.click(screen.getByRole('button', { name: BULK_TEXT.assignToMe }));
    expect(onAssign).toHaveBeenLastCalledWith(ME);
    await user.click(screen.getByRole('combobox', { name: BULK_TEXT.assignTo }));
    await user.click(await screen.findByRole('option', { name: 'Sita Staff', hidden: true }));
    expect(onAssign).toHaveBeenLastCalledWith(33);
    await user.click(screen.getByRole('button', { name: BULK_TEXT.resolve }));
    expect(onResolve).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: BULK_TEXT.clear }));
    expect(onClear).toHaveBeenCalled();
  });

  it('waits while a change is on its way; on a phone it keeps to big buttons', () => {
    renderBar({ busy: true, compact: true });
    expect(screen.getByRole('button', { name: BULK_TEXT.assignToMe })).toBeDisabled();
    expect(screen.getByRole('button', { name: BULK_TEXT.resolve })).toBeDisabled();
    expect(screen.queryByRole('combobox', { name: BULK_TEXT.assignTo })).toBeNull();
  });

  it('has no "Assign to me" without a person', () => {
    renderBar({ meId: null });
    expect(screen.queryByRole('button', { name: BULK_TEXT.assignToMe })).toBeNull();
  });
});
