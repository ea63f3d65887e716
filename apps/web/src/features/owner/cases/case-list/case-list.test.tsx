import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../../test/render-mantine.tsx';
import { kase } from '../test/case-fixtures.ts';
import { CASE_LIST_TEXT, CaseList, caseButtonId, type TCaseListProps } from './case-list.tsx';

const CASES = [
  kase(3, { message: 'Waited an hour', overdue: true, assigneeId: 9 }),
  kase(2, { message: '', businessId: 2, channel: 'google', status: 'reopened' }),
];

function props(overrides: Partial<TCaseListProps> = {}): TCaseListProps {
  return {
    cases: CASES,
    layout: 'table',
    branchName: (id) => (id === 1 ? 'Pune' : 'Nashik'),
    assigneeName: (id) => (id === null ? CASE_LIST_TEXT.unassigned : 'Vikram'),
    selected: new Set(),
    onToggle: vi.fn(),
    onToggleAll: vi.fn(),
    activeId: null,
    onActive: vi.fn(),
    onOpen: vi.fn(),
    emptyText: 'Nothing here',
    ...overrides,
  };
}

describe('CaseList', () => {
  it('draws a table with a checkbox, rating, feedback, branch, status, assignee and channel per case', async () => {
    const p = props({ selected: new Set([3]), activeId: 2 });
    renderWithMantine(<CaseList {...p} />);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Rating', 'Feedback', 'Branch', 'Status', 'Assignee', 'Channel', 'Received']);
    expect(rows[1]).toHaveTextContent('Waited an hour');
    expect(rows[1]).toHaveTextContent('Overdue');
    expect(rows[1]).toHaveTextContent('Vikram');
    expect(rows[2]).toHaveTextContent(CASE_LIST_TEXT.noMessage);
    expect(rows[2]).toHaveTextContent('Reopened');
    expect(rows[2]).toHaveTextContent('Google');
    expect(rows[2]).toHaveTextContent('Nashik');
    expect(rows[2]).toHaveAttribute('data-active');
    expect(screen.getByRole('checkbox', { name: CASE_LIST_TEXT.select(3) })).toBeChecked();
    // One of two selected: the header's box is half on.
    expect(screen.getByRole('checkbox', { name: CASE_LIST_TEXT.selectAll })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );

    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: CASE_LIST_TEXT.select(2) }));
    expect(p.onToggle).toHaveBeenCalledWith(2);
    expect(p.onOpen).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: CASE_LIST_TEXT.selectAll }));
    expect(p.onToggleAll).toHaveBeenCalledWith(true);
    const open = screen.getByRole('button', { name: /^Case 3: Waited an hour/ });
    expect(open).toHaveAttribute('id', caseButtonId(3));
    await user.click(open);
    expect(p.onOpen).toHaveBeenCalledWith(3);
    expect(p.onActive).toHaveBeenCalledWith(3);
  });

  it('leaves the branch out for a person of one branch', () => {
    renderWithMantine(<CaseList {...props({ branchName: undefined })} />);
    expect(screen.queryByRole('columnheader', { name: 'Branch' })).toBeNull();
  });

  it('draws a card per case on a phone, each opened by a tap and selected by its own box', async () => {
    const p = props({ layout: 'cards' });
    renderWithMantine(<CaseList {...p} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Pune · Vikram · Review page (QR)');
    expect(cards[1]).toHaveTextContent('Nashik · Unassigned · Google');
    const user = userEvent.setup();
    await user.click(within(cards[1]!).getByRole('button', { name: /^Case 2:/ }));
    expect(p.onOpen).toHaveBeenCalledWith(2);
    await user.click(within(cards[0]!).getByRole('checkbox', { name: CASE_LIST_TEXT.select(3) }));
    expect(p.onToggle).toHaveBeenCalledWith(3);
    expect(p.onOpen).toHaveBeenCalledTimes(1);
  });

  it('shows skeletons while loading and the empty text when there is nothing', () => {
    const { rerender } = renderWithMantine(<CaseList {...props({ cases: undefined })} />);
    expect(screen.getAllByTestId('case-skeleton')).toHaveLength(4);
    rerender(<CaseList {...props({ cases: [] })} />);
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
  });
});
