import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../../test/render-mantine.tsx';
import { INBOX_FILTERS, type TInboxFilters } from '../inbox-search.ts';
import { assigneesAnswer, ME } from '../test/case-fixtures.ts';
import { activeFilterCount, FILTER_TEXT, FiltersBar } from './filters-bar.tsx';

const DEFAULTS = Object.fromEntries(
  Object.entries(INBOX_FILTERS).map(([key, field]) => [key, field.fallback]),
) as TInboxFilters;

function renderBar(filters: Partial<TInboxFilters> = {}, branches = [{ id: 1, name: 'Pune' }]) {
  const onChange = vi.fn();
  const onClear = vi.fn();
  renderWithMantine(
    <FiltersBar
      filters={{ ...DEFAULTS, ...filters }}
      onChange={onChange}
      onClear={onClear}
      branches={branches}
      assignees={assigneesAnswer.assignees}
      meId={ME}
      layout="row"
    />,
  );
  return { onChange, onClear, user: userEvent.setup() };
}

/** Picks an option in the list of the select named `label` (several lists hold "Any"). */
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  const select = screen.getByRole('combobox', { name: label });
  await user.click(select);
  const options = document.getElementById(select.getAttribute('aria-controls') ?? '')!;
  await user.click(within(options).getByRole('option', { name: option, hidden: true }));
}

describe('FiltersBar', () => {
  it('labels every control and hands each choice over', async () => {
    const { onChange, user } = renderBar({}, [
      { id: 1, name: 'Pune' },
      { id: 2, name: 'Nashik' },
    ]);
    for (const label of [
      FILTER_TEXT.status,
      FILTER_TEXT.assignee,
      FILTER_TEXT.branch,
      FILTER_TEXT.rating,
      FILTER_TEXT.channel,
    ]) {
      expect(screen.getByRole('combobox', { name: label })).toBeInTheDocument();
    }
    await choose(user, FILTER_TEXT.status, 'Resolved');
    expect(onChange).toHaveBeenLastCalledWith('status', 'resolved');
    await choose(user, FILTER_TEXT.assignee, FILTER_TEXT.me);
    expect(onChange).toHaveBeenLastCalledWith('assigneeId', ME);
    await choose(user, FILTER_TEXT.branch, 'Nashik');
    expect(onChange).toHaveBeenLastCalledWith('businessId', 2);
    await choose(user, FILTER_TEXT.rating, '3 stars');
    expect(onChange).toHaveBeenLastCalledWith('rating', 3);
    await choose(user, FILTER_TEXT.channel, 'Google');
    expect(onChange).toHaveBeenLastCalledWith('channel', 'google');
    await user.click(screen.getByRole('switch', { name: FILTER_TEXT.overdue }));
    expect(onChange).toHaveBeenLastCalledWith('overdue', true);
    // Defaults: nothing to clear.
    expect(screen.queryByRole('button', { name: FILTER_TEXT.clear })).toBeNull();
  });

  it('hides the branch filter for one branch, goes back to "any", and clears', async () => {
    const { onChange, onClear, user } = renderBar({ rating: 2, overdue: true });
    expect(screen.queryByRole('combobox', { name: FILTER_TEXT.branch })).toBeNull();
    await choose(user, FILTER_TEXT.rating, FILTER_TEXT.any);
    expect(onChange).toHaveBeenLastCalledWith('rating', undefined);
    await user.click(screen.getByRole('switch', { name: FILTER_TEXT.overdue }));
    expect(onChange).toHaveBeenLastCalledWith('overdue', undefined);
    await user.click(screen.getByRole('button', { name: FILTER_TEXT.clear }));
    expect(onClear).toHaveBeenCalled();
  });

  it('counts the filters set beyond the default', () => {
    expect(activeFilterCount(DEFAULTS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULTS, status: 'all', channel: 'qr', overdue: true })).toBe(3);
  });
});
