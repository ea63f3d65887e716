/**
 * `table.column` for each of `columns`: a row type's columns selected under a join from the one list
 * the type picks them by, so the type and the query cannot drift apart.
 */
export const qualified = <Table extends string, Column extends string>(
  table: Table,
  columns: readonly Column[],
): `${Table}.${Column}`[] => columns.map((column) => `${table}.${column}` as const);
