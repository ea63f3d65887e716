import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render-mantine.tsx';
import { DataTable, RowActions, type TDataTableColumn, type TDataTableProps } from './data-table.tsx';

interface TRow {
  id: number;
  name: string;
}

const columns: TDataTableColumn<TRow, 'id' | 'name'>[] = [
  { key: 'id', header: 'ID', render: (row) => row.id, sortKey: 'id' },
  { key: 'name', header: 'Name', render: (row) => row.name, sortKey: 'name' },
  { key: 'plain', header: 'Plain', render: () => 'x' },
];

const rows: TRow[] = [
  { id: 1, name: 'Asha' },
  { id: 2, name: 'Ravi' },
];

type TProps = Partial<TDataTableProps<TRow, 'id' | 'name'>>;
const table = (props: TProps) => (
  <DataTable<TRow, 'id' | 'name'>
    label="People"
    columns={columns}
    rows={rows}
    rowKey={(row) => row.id}
    emptyText="Nobody here"
    {...props}
  />
);

function renderTable(props: TProps = {}) {
  const user = userEvent.setup();
  const result = renderWithMantine(table(props));
  return { user, ...result, rerenderTable: (next: TProps) => result.rerender(table(next)) };
}

describe('DataTable', () => {
  it('renders the rows under the column headers', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'People' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Name', 'Plain']);
    expect(within(table).getByText('Ravi')).toBeInTheDocument();
  });

  it('shows skeleton rows while loading', () => {
    renderTable({ loading: true, pagination: { page: 1, limit: 4, total: 0, onPageChange: () => {} } });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(4);
    expect(screen.queryByText('Asha')).toBeNull();
  });

  it('shows the empty text without rows', () => {
    renderTable({ rows: [] });
    expect(screen.getByText('Nobody here')).toBeInTheDocument();
  });

  it('shows the error with a Retry button and no empty table', async () => {
    const onRetry = vi.fn();
    const { user } = renderTable({
      rows: [],
      error: { title: 'Error loading people', message: 'Boom', onRetry },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading people');
    expect(screen.getByRole('alert')).toHaveTextContent('Boom');
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps loaded rows visible under an error', () => {
    renderTable({ error: { message: 'Boom', retryLabel: 'Try again', onRetry: () => {} } });
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('reports the next sort on header clicks and marks the sorted column', async () => {
    const onSortChange = vi.fn();
    const { user, rerenderTable } = renderTable({ onSortChange, sort: null });
    expect(screen.queryByRole('button', { name: 'Plain' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'name', order: 'asc' });

    rerenderTable({ emptyText: '-', sort: { column: 'name', order: 'asc' }, onSortChange });
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'ID' })).toHaveAttribute('aria-sort', 'none');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'name', order: 'desc' });
    await user.click(screen.getByRole('button', { name: 'ID' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'id', order: 'asc' });
  });

  it('pages with numbered buttons', async () => {
    const onPageChange = vi.fn();
    const { user } = renderTable({ pagination: { page: 1, limit: 2, total: 5, onPageChange } });
    expect(screen.getByText('Showing 1–2 of 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('pages with Previous and Next', async () => {
    const onPageChange = vi.fn();
    const { user } = renderTable({
      pagination: { page: 2, limit: 2, total: 5, onPageChange, variant: 'prev-next' },
    });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('hides the pager when there is nothing to page', () => {
    renderTable({ rows: [], pagination: { page: 1, limit: 10, total: 0, onPageChange: () => {} } });
    expect(screen.queryByText(/Showing/)).toBeNull();
  });

  it('reports the search text after the debounce, and at once on clear', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const onChange = vi.fn();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderWithMantine(
        <DataTable<TRow>
          label="People"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          emptyText="-"
          search={{ value: '', onChange, placeholder: 'Search people...', debounceMs: 300 }}
        />,
      );
      await user.type(screen.getByPlaceholderText('Search people...'), 'asha');
      expect(onChange).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(300));
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange).toHaveBeenLastCalledWith('asha');
      await user.click(screen.getByRole('button', { name: 'Clear search' }));
      expect(onChange).toHaveBeenLastCalledWith('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('labels every row action', async () => {
    const onView = vi.fn();
    const user = userEvent.setup();
    renderWithMantine(
      <RowActions
        actions={[
          { kind: 'view', label: 'View Asha', onClick: onView },
          { kind: 'delete', label: 'Delete Asha', onClick: () => {} },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'View Asha' }));
    expect(onView).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete Asha' })).toBeInTheDocument();
  });
});
