import { List, Text } from '@mantine/core';
import {
  PAGE_SIZE,
  type TAdminManualPayment,
  type TAdminManualPaymentsResponse,
  type TManualPaymentMethod,
} from '@starloop/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { DataTable, RowActions, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { sortParams } from '../../../components/data-table/sort.ts';
import { useClampPage, useTableState } from '../../../components/data-table/use-table-state.ts';
import { DetailDialog } from '../../../components/detail-dialog/detail-dialog.tsx';
import { StatCard, StatGrid } from '../../../components/stat-card/stat-card.tsx';
import {
  formatDate,
  formatDateTime,
  formatNumber,
  formatRupees,
  methodLabel,
  truncate,
} from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AdminPage } from '../shared/admin-page.tsx';
import { ManualPaymentStatusBadge } from '../shared/badges.tsx';
import { anyMessage } from '../shared/errors.ts';
import { useSticky } from '../shared/use-sticky.ts';

export const MANUAL_PAYMENTS_TEXTS = {
  errorTitle: 'Error loading payments',
  notSuccess: 'API returned success: false',
  retry: 'Try again',
} as const;

type TManualSort = 'id' | 'amount' | 'paymentMethod' | 'createdAt';

/** The first linked owner (spec: Customer column), if any. */
const firstUser = (payment: TAdminManualPayment) => payment.users[0]?.user ?? null;

/** 'Search payments...' filters the loaded rows on the client (spec section 2). */
export function filterManualPayments(
  payments: readonly TAdminManualPayment[],
  search: string,
): readonly TAdminManualPayment[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return payments;
  return payments.filter((payment) =>
    [
      String(payment.id),
      String(payment.amount),
      payment.paymentMethod,
      methodLabel(payment.paymentMethod),
      payment.status,
      payment.notes ?? '',
      ...payment.users.flatMap(({ user }) => [user.name, user.businessName, user.contactNumber]),
    ].some((value) => value.toLowerCase().includes(needle)),
  );
}

function methodCount(
  counts: TAdminManualPaymentsResponse['paymentMethodCounts'] | undefined,
  method: TManualPaymentMethod,
) {
  return counts?.find((item) => item.paymentMethod === method)?.count ?? 0;
}

export function ManualPaymentDetailsDialog({
  payment,
  onClose,
}: {
  payment: TAdminManualPayment | null;
  onClose: () => void;
}) {
  const shown = useSticky(payment);
  return (
    <DetailDialog
      opened={payment !== null}
      onClose={onClose}
      title="Manual Payment Details"
      fields={
        shown
          ? [
              { label: 'ID', value: shown.id },
              { label: 'Amount', value: formatRupees(shown.amount) },
              { label: 'Method', value: methodLabel(shown.paymentMethod) },
              { label: 'Status', value: <ManualPaymentStatusBadge status={shown.status} /> },
              { label: 'Created', value: formatDateTime(shown.createdAt) },
              { label: 'Last updated', value: formatDateTime(shown.updatedAt) },
              { label: 'Notes', value: shown.notes, wide: true },
              {
                label: `Customers (${shown.users.length})`,
                wide: true,
                value: shown.users.length ? (
                  <List size="sm" component="span">
                    {shown.users.map(({ user }) => (
                      <List.Item key={user.id}>
                        {user.name}, {user.businessName} · {user.contactNumber}
                      </List.Item>
                    ))}
                  </List>
                ) : null,
              },
            ]
          : []
      }
    />
  );
}

/** /admin-dashboard/manual-payments: payments recorded by onboarding (whole rupees). */
export function ManualPaymentsScreen() {
  const trpc = useTrpc();
  const table = useTableState<TManualSort>();
  const [filter, setFilter] = useState('');
  const [viewing, setViewing] = useState<TAdminManualPayment | null>(null);

  const query = useQuery({
    ...trpc.admin.manualPayments.list.queryOptions({
      page: table.page,
      limit: PAGE_SIZE.manualPayments,
      ...sortParams(table.sort),
    }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const notSuccess = data !== undefined && (data as { success?: boolean }).success === false;
  // The last good answer stays on screen under an error (the list is empty only if nothing loaded yet).
  const lastGood = useRef<TAdminManualPaymentsResponse | undefined>(undefined);
  if (data && !notSuccess) lastGood.current = data;
  const shown = lastGood.current;

  const payments = filterManualPayments(shown?.payments ?? [], filter);
  useClampPage(table.page, shown?.meta.totalPages, table.setPage);
  const errorMessage = query.isError
    ? anyMessage(query.error)
    : notSuccess
      ? MANUAL_PAYMENTS_TEXTS.notSuccess
      : null;

  const columns: TDataTableColumn<TAdminManualPayment, TManualSort>[] = [
    { key: 'id', header: 'ID', sortKey: 'id', render: (p) => p.id },
    {
      key: 'amount',
      header: 'Amount',
      sortKey: 'amount',
      align: 'right',
      nowrap: true,
      render: (p) => formatRupees(p.amount),
    },
    {
      key: 'method',
      header: 'Method',
      sortKey: 'paymentMethod',
      render: (p) => methodLabel(p.paymentMethod),
    },
    { key: 'status', header: 'Status', render: (p) => <ManualPaymentStatusBadge status={p.status} /> },
    {
      key: 'customer',
      header: 'Customer',
      render: (p) => {
        const user = firstUser(p);
        if (!user) return '-';
        return (
          <div>
            <Text size="sm" fw={600}>
              {user.name}
            </Text>
            <Text size="xs" c="dimmed">
              {user.businessName}
              {p.users.length > 1 ? ` +${p.users.length - 1} more` : ''}
            </Text>
          </div>
        );
      },
    },
    {
      key: 'notes',
      header: 'Notes',
      render: (p) =>
        p.notes ? (
          <Text size="sm" title={p.notes}>
            {truncate(p.notes, 40)}
          </Text>
        ) : (
          '-'
        ),
    },
    {
      key: 'created',
      header: 'Created',
      sortKey: 'createdAt',
      nowrap: true,
      render: (p) => formatDate(p.createdAt),
    },
    {
      key: 'actions',
      sticky: true,
      header: 'Actions',
      render: (p) => (
        <RowActions
          actions={[{ kind: 'view', label: `View manual payment ${p.id}`, onClick: () => setViewing(p) }]}
        />
      ),
    },
  ];

  const loading = query.isPending;
  const counts = shown?.paymentMethodCounts;
  return (
    <AdminPage title="Manual Payments">
      <StatGrid>
        <StatCard label="Total Revenue" loading={loading} value={formatRupees(shown?.totalRevenue ?? 0)} />
        <StatCard label="Cash Payments" loading={loading} value={formatNumber(methodCount(counts, 'cash'))} />
        <StatCard
          label="Cheque Payments"
          loading={loading}
          value={formatNumber(methodCount(counts, 'cheque'))}
        />
        <StatCard
          label="Bank Transfers"
          loading={loading}
          value={formatNumber(methodCount(counts, 'bank_transfer'))}
        />
      </StatGrid>
      <DataTable
        label="Manual payments"
        columns={columns}
        rows={payments}
        rowKey={(p) => p.id}
        loading={loading}
        stale={query.isPlaceholderData}
        emptyText={filter ? 'No payments match your search on this page.' : 'No manual payments yet.'}
        error={
          errorMessage
            ? {
                title: MANUAL_PAYMENTS_TEXTS.errorTitle,
                message: errorMessage,
                retryLabel: MANUAL_PAYMENTS_TEXTS.retry,
                onRetry: () => void query.refetch(),
              }
            : null
        }
        sort={table.sort}
        onSortChange={table.setSort}
        search={{
          value: filter,
          onChange: setFilter,
          placeholder: 'Search payments...',
          label: 'Search payments',
        }}
        pagination={{
          page: table.page,
          limit: PAGE_SIZE.manualPayments,
          total: shown?.meta.total ?? 0,
          onPageChange: table.setPage,
          variant: 'prev-next',
        }}
        minWidth={900}
      />
      <ManualPaymentDetailsDialog payment={viewing} onClose={() => setViewing(null)} />
    </AdminPage>
  );
}
