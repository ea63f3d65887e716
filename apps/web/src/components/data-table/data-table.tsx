import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { formatNumber } from '../../lib/format.ts';
import type { TTableColumn } from '../simple-table/simple-table.tsx';
import classes from './data-table.module.css';
import { IconEye, IconPencil, IconSort, IconTrash } from './icons.tsx';
import { SearchBox, type TSearchBoxProps } from './search-box.tsx';
import { nextSort, type TSortState } from './sort.ts';

export interface TDataTableColumn<Row, K extends string = string> extends TTableColumn<Row> {
  /** The server's sort field: makes the header a sort button. */
  sortKey?: K;
  /** Stays in view at the right edge while the table scrolls sideways (the Actions column). */
  sticky?: boolean;
}

export interface TDataTablePagination {
  /** 1-based. */
  page: number;
  limit: number;
  /** Rows in the whole list (all pages). */
  total: number;
  onPageChange: (page: number) => void;
  /** Numbered pages (default) or the spec's Previous / Next buttons. */
  variant?: 'numbered' | 'prev-next';
}

export interface TDataTableError {
  /** E.g. 'Error loading payments'. */
  title?: string;
  message: string;
  onRetry?: () => void;
  /** Default 'Retry'. */
  retryLabel?: string;
}

export interface TDataTableProps<Row, K extends string = string> {
  /** Accessible name of the table, e.g. 'Users'. */
  label: string;
  columns: readonly TDataTableColumn<Row, K>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Nothing to show yet: skeleton rows instead of the body. */
  loading?: boolean;
  /** Rows of a previous page/search while the next ones load: shown dimmed. */
  stale?: boolean;
  /** Number of skeleton rows; defaults to the page size, else 5. */
  skeletonRows?: number;
  emptyText: ReactNode;
  /** An error box with Retry; the table stays under it only when it still has rows. */
  error?: TDataTableError | null;
  sort?: TSortState<K> | null;
  /** Called with `nextSort(sort, column)` when a sortable header is clicked. */
  onSortChange?: (sort: TSortState<K>) => void;
  pagination?: TDataTablePagination;
  search?: TSearchBoxProps;
  /** Buttons beside the search box (e.g. Refresh, Add Agent). */
  toolbar?: ReactNode;
  /** Below this width the table scrolls sideways inside its box (phones). Default 760. */
  minWidth?: number;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The admin list table (ui-guide: DataTable): columns config, server paging, sortable headers with
 * the spec's rule, a debounced search box, skeleton rows, empty text and an error state with Retry.
 */
export function DataTable<Row, K extends string = string>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
  stale = false,
  skeletonRows,
  emptyText,
  error,
  sort,
  onSortChange,
  pagination,
  search,
  toolbar,
  minWidth = 760,
}: TDataTableProps<Row, K>) {
  const showTable = !error || rows.length > 0;
  const skeletonCount = skeletonRows ?? pagination?.limit ?? 5;

  return (
    <Stack gap="sm">
      {search || toolbar ? (
        <Group justify="space-between" align="flex-end" gap="sm">
          {search ? <SearchBox {...search} /> : <span />}
          {toolbar ? <Group gap="xs">{toolbar}</Group> : null}
        </Group>
      ) : null}

      {error ? (
        <Alert color="red" variant="light" title={error.title} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{error.message}</Text>
            {error.onRetry ? (
              <Button size="xs" variant="white" color="red" onClick={error.onRetry}>
                {error.retryLabel ?? 'Retry'}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}

      {showTable ? (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={minWidth} mb={0}>
            <Table
              aria-label={label}
              aria-busy={loading || stale}
              striped
              highlightOnHover
              verticalSpacing="sm"
              horizontalSpacing="xs"
              style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
            >
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => {
                    const active = column.sortKey !== undefined && sort?.column === column.sortKey;
                    const order = active && sort ? sort.order : null;
                    return (
                      <Table.Th
                        key={column.key}
                        ta={column.align}
                        className={column.sticky ? classes.sticky : undefined}
                        style={{ whiteSpace: 'nowrap' }}
                        aria-sort={
                          column.sortKey !== undefined ? (order ? ARIA_SORT[order] : 'none') : undefined
                        }
                      >
                        {column.sortKey !== undefined && onSortChange ? (
                          <UnstyledButton
                            onClick={() => onSortChange(nextSort(sort, column.sortKey as K))}
                            fw={700}
                            fz="sm"
                            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                          >
                            {column.header}
                            <IconSort sorted={order} />
                          </UnstyledButton>
                        ) : (
                          column.header
                        )}
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {loading ? (
                  Array.from({ length: skeletonCount }, (_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <Table.Tr key={index} data-testid="skeleton-row">
                      {columns.map((column) => (
                        <Table.Td key={column.key} className={column.sticky ? classes.sticky : undefined}>
                          <Skeleton height={14} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                ) : rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={columns.length}>
                      <Text ta="center" c="dimmed" py="lg">
                        {emptyText}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  rows.map((row) => (
                    <Table.Tr key={rowKey(row)}>
                      {columns.map((column) => (
                        <Table.Td
                          key={column.key}
                          ta={column.align}
                          className={column.sticky ? `${classes.cell} ${classes.sticky}` : classes.cell}
                          style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                        >
                          {column.render(row)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ) : null}

      {pagination && pagination.total > 0 && !loading ? <DataTablePager {...pagination} /> : null}
    </Stack>
  );
}

/** "Showing 11–20 of 57" and the page controls. */
export function DataTablePager({
  page,
  limit,
  total,
  onPageChange,
  variant = 'numbered',
}: TDataTablePagination) {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const first = Math.min(total, (page - 1) * limit + 1);
  const last = Math.min(total, page * limit);
  const summary = (
    <Text size="sm" c="dimmed" aria-live="polite">
      Showing {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)}
    </Text>
  );

  return (
    <Group justify="space-between" gap="sm">
      {summary}
      {variant === 'prev-next' ? (
        <Group gap="xs">
          <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            Previous
          </Button>
          <Text size="sm">
            Page {page} of {totalPages}
          </Text>
          <Button
            variant="default"
            size="xs"
            disabled={page >= totalPages}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </Button>
        </Group>
      ) : totalPages > 1 ? (
        <Pagination
          total={totalPages}
          value={Math.min(page, totalPages)}
          onChange={onPageChange}
          size="sm"
          siblings={1}
          getItemProps={(item) => ({
            'aria-label': `Page ${item}`,
            'aria-current': item === page ? 'page' : undefined,
          })}
          getControlProps={(control) => ({
            'aria-label': {
              first: 'First page',
              previous: 'Previous page',
              next: 'Next page',
              last: 'Last page',
            }[control],
          })}
        />
      ) : null}
    </Group>
  );
}

export type TRowActionKind = 'view' | 'edit' | 'delete';

const ACTION_ICONS = { view: IconEye, edit: IconPencil, delete: IconTrash } as const;
const ACTION_COLORS = { view: 'gray', edit: 'brand', delete: 'red' } as const;

export interface TRowAction {
  kind: TRowActionKind;
  /** Accessible name and tooltip, e.g. 'View user Asha'. */
  label: string;
  onClick: () => void;
}

/** The Actions cell: icon buttons with labels and tooltips. */
export function RowActions({ actions }: { actions: readonly TRowAction[] }) {
  return (
    <Group gap={4} wrap="nowrap">
      {actions.map((action) => {
        const Icon = ACTION_ICONS[action.kind];
        return (
          <Tooltip key={action.kind} label={action.label} openDelay={400} withinPortal>
            <ActionIcon
              variant="subtle"
              color={ACTION_COLORS[action.kind]}
              aria-label={action.label}
              onClick={action.onClick}
            >
              <Icon size={18} />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
