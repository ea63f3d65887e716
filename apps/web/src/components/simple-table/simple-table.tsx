import { Table, type TableProps, type TableScrollContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** One column of a table: its header and what each row shows in it. */
export interface TTableColumn<Row> {
  /** Unique per table. */
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'center' | 'right';
  /** Keeps the cell on one line (dates, amounts, actions). */
  nowrap?: boolean;
}

export interface TSimpleTableProps<Row> extends Omit<TableProps, 'children' | 'data'> {
  columns: readonly TTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Shown in one full-width row when there are no rows; without it the body is empty. */
  empty?: ReactNode;
  /** Wraps the table in a container that scrolls sideways below `minWidth` (phones). */
  scroll?: Omit<TableScrollContainerProps, 'children'>;
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * A plain table of rows that are all on screen (a detail screen's history, a file's preview): the
 * columns config of DataTable without its paging, sorting, search and loading states.
 */
export function SimpleTable<Row>({ columns, rows, rowKey, empty, scroll, ...props }: TSimpleTableProps<Row>) {
  const table = (
    <Table {...props}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} ta={column.align}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 && empty !== undefined ? (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>{empty}</Table.Td>
          </Table.Tr>
        ) : (
          rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.key} ta={column.align} style={column.nowrap ? NOWRAP : undefined}>
                  {column.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
  return scroll ? <Table.ScrollContainer {...scroll}>{table}</Table.ScrollContainer> : table;
}
