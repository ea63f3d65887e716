import type { ReactNode } from 'react';
import {
  PagedDataTable,
  type TPagedDataTableProps,
} from '../../../components/data-table/paged-data-table.tsx';
import { StatCard, StatGrid } from '../../../components/stat-card/stat-card.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { AdminPage } from './admin-page.tsx';

export interface TAdminListScreenProps<Row extends { id: number }, K extends string>
  extends Omit<TPagedDataTableProps<Row, K>, 'rowKey'> {
  /** The page's h1 (spec section 2). */
  title: string;
  /** Buttons right of the title (e.g. Add Agent). */
  actions?: ReactNode;
  /**
   * The cards above the table, in one row on wide screens (a lone card a quarter of it): [label,
   * value]; a number is formatted, a missing one is 0. Skeletons while the list loads.
   */
  cards: readonly (readonly [string, ReactNode | number | undefined])[];
  /** Above the cards (e.g. the leads' error banner). */
  banner?: ReactNode;
  /** The screen's dialogs. */
  children?: ReactNode;
}

/**
 * One admin list screen (spec section 2): the title row, the cards, the searchable, sortable, paged
 * table, then the screen's dialogs. A screen brings its columns, cards and dialogs.
 */
export function AdminListScreen<Row extends { id: number }, K extends string = string>({
  title,
  actions,
  cards,
  banner,
  children,
  ...table
}: TAdminListScreenProps<Row, K>) {
  const loading = table.list.query.isPending;
  return (
    <AdminPage title={title} actions={actions}>
      {banner}
      <StatGrid cols={cards.length > 1 ? cards.length : 4}>
        {cards.map(([label, value]) => (
          <StatCard
            key={label}
            label={label}
            loading={loading}
            value={typeof value === 'number' || value === undefined ? formatNumber(value ?? 0) : value}
          />
        ))}
      </StatGrid>
      <PagedDataTable<Row, K> rowKey={(row) => row.id} {...table} />
      {children}
    </AdminPage>
  );
}
