import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format.ts';
import { RowActions, type TDataTableColumn, type TRowAction, type TRowActionKind } from './data-table.tsx';

/*
 * Column builders the admin tables share, so a screen lists what it shows and not how a bold name,
 * a dimmed second line, a date or the Actions cell are drawn.
 */

type TColumnOptions<K extends string> = Omit<TDataTableColumn<never, K>, 'key' | 'header' | 'render'>;

/** A main line and a dimmed second line (e.g. a business and its code). */
export function TwoLines({
  primary,
  secondary,
  strong = false,
}: {
  primary: ReactNode;
  secondary: ReactNode;
  strong?: boolean;
}) {
  return (
    <div>
      <Text size="sm" fw={strong ? 600 : undefined}>
        {primary}
      </Text>
      <Text size="xs" c="dimmed">
        {secondary}
      </Text>
    </div>
  );
}

export function textColumn<Row, K extends string = string>(
  key: string,
  header: string,
  render: (row: Row) => ReactNode,
  options: TColumnOptions<K> = {},
): TDataTableColumn<Row, K> {
  return { key, header, render, ...options };
}

/** A builder's arguments: key, header, what the cell shows, then sort key, alignment and such. */
type TColumnArgs<Row, K extends string, V> = [
  key: string,
  header: string,
  get: (row: Row) => V,
  options?: TColumnOptions<K>,
];

/** The row's name, in bold. */
export const strongColumn = <Row, K extends string = string>(
  ...[key, header, get, options]: TColumnArgs<Row, K, ReactNode>
) =>
  textColumn<Row, K>(
    key,
    header,
    (row) => (
      <Text size="sm" fw={600}>
        {get(row)}
      </Text>
    ),
    options,
  );

/** A date on one line. */
export const dateColumn = <Row, K extends string = string>(
  ...[key, header, get, options]: TColumnArgs<Row, K, string | null>
) => textColumn<Row, K>(key, header, (row) => formatDate(get(row)), { nowrap: true, ...options });

/** The sticky Actions cell. */
export function actionsColumn<Row, K extends string = string>(
  actions: (row: Row) => readonly TRowAction[],
): TDataTableColumn<Row, K> {
  return {
    key: 'actions',
    sticky: true,
    header: 'Actions',
    render: (row) => <RowActions actions={actions(row)} />,
  };
}

/** 'View user Asha', 'Edit user Asha', 'Delete user Asha': each opens its dialog for the row. */
export function recordActions<Row>(
  noun: string,
  name: (row: Row) => string | number,
  open: (kind: TRowActionKind, row: Row) => void,
  kinds: readonly TRowActionKind[] = ['view', 'edit', 'delete'],
) {
  const label = { view: 'View', edit: 'Edit', delete: 'Delete' } as const;
  return (row: Row): TRowAction[] =>
    kinds.map((kind) => ({
      kind,
      label: `${label[kind]} ${noun} ${name(row)}`,
      onClick: () => open(kind, row),
    }));
}

/** The builders under one import: `col.text(...)`, `col.strong(...)`, `col.date(...)`, `col.actions(...)`. */
export const col = {
  text: textColumn,
  strong: strongColumn,
  date: dateColumn,
  actions: actionsColumn,
  recordActions,
};
