import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render-mantine.tsx';
import { SimpleTable, type TTableColumn } from './simple-table.tsx';

interface TRow {
  id: number;
  name: string;
  amount: number;
}

const COLUMNS: TTableColumn<TRow>[] = [
  { key: 'name', header: 'Name', render: (row) => row.name },
  { key: 'amount', header: 'Amount', render: (row) => row.amount, align: 'right', nowrap: true },
];

describe('SimpleTable', () => {
  it('shows a header row and one row per item, cell by column', () => {
    renderWithMantine(
      <SimpleTable
        aria-label="Payments"
        columns={COLUMNS}
        rows={[
          { id: 1, name: 'Asha', amount: 10 },
          { id: 2, name: 'Ravi', amount: 20 },
        ]}
        rowKey={(row) => row.id}
      />,
    );
    const table = screen.getByRole('table', { name: 'Payments' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Amount']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ),
    ).toEqual([
      ['Asha', '10'],
      ['Ravi', '20'],
    ]);
    expect(within(rows[0] as HTMLElement).getByText('10')).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('shows the empty text in one row spanning every column when there are no rows', () => {
    renderWithMantine(
      <SimpleTable
        aria-label="Payments"
        columns={COLUMNS}
        rows={[]}
        rowKey={(row) => row.id}
        empty="None yet."
      />,
    );
    const cell = screen.getByRole('cell', { name: 'None yet.' });
    expect(cell).toHaveAttribute('colspan', '2');
  });
});
