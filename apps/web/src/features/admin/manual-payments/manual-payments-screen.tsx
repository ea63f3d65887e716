import { List, Text } from '@mantine/core';
import type {
  TAdminManualPayment,
  TAdminManualPaymentsQuery,
  TAdminManualPaymentsResponse,
  TManualPaymentMethod,
} from '@starloop/contract';
import { useRef } from 'react';
import { col, TwoLines } from '../../../components/data-table/columns.tsx';
import type { TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { loadError, saysFailure } from '../../../components/data-table/paged-data-table.tsx';
import { usePagedList } from '../../../components/data-table/use-paged-list.ts';
import { RecordDetailDialog, type TDetailField } from '../../../components/detail-dialog/detail-dialog.tsx';
import { formatDateTime, formatRupees, methodLabel, truncate } from '../../../lib/format.ts';
import { AdminListScreen } from '../shared/admin-list-screen.tsx';
import { manualPaymentsList } from '../shared/admin-lists.ts';
import { ManualPaymentStatusBadge } from '../shared/badges.tsx';
import { useRecordDialog } from '../shared/use-record-dialog.ts';

export const MANUAL_PAYMENTS_TEXTS = {
  errorTitle: 'Error loading payments',
  notSuccess: 'API returned success: false',
  retry: 'Try again',
} as const;

type TManualSort = TAdminManualPaymentsQuery['sortBy'];

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

/** 'Manual Payment Details'. */
export const manualPaymentFields = (shown: TAdminManualPayment): TDetailField[] => [
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
];

/** /admin-dashboard/manual-payments: payments recorded by onboarding (whole rupees). */
export function ManualPaymentsScreen() {
  const list = usePagedList(manualPaymentsList, {
    totalPages: (data) => (saysFailure(data) ? undefined : data.meta.totalPages),
  });
  const { query } = list;
  const filter = list.search.search;
  const dialogs = useRecordDialog<TAdminManualPayment>();

  const data = query.data;
  // The last good answer stays on screen under an error (the list is empty only if nothing loaded yet).
  const lastGood = useRef<TAdminManualPaymentsResponse | undefined>(undefined);
  if (data && !saysFailure(data)) lastGood.current = data;
  const shown = lastGood.current;

  const payments = filterManualPayments(shown?.payments ?? [], filter);

  const columns: TDataTableColumn<TAdminManualPayment, TManualSort>[] = [
    col.text('id', 'ID', (p) => p.id, { sortKey: 'id' }),
    col.text('amount', 'Amount', (p) => formatRupees(p.amount), {
      sortKey: 'amount',
      align: 'right',
      nowrap: true,
    }),
    col.text('method', 'Method', (p) => methodLabel(p.paymentMethod), { sortKey: 'paymentMethod' }),
    col.text('status', 'Status', (p) => <ManualPaymentStatusBadge status={p.status} />),
    col.text('customer', 'Customer', (p) => {
      const user = firstUser(p);
      if (!user) return '-';
      const more = p.users.length > 1 ? ` +${p.users.length - 1} more` : '';
      return <TwoLines primary={user.name} secondary={`${user.businessName}${more}`} strong />;
    }),
    col.text('notes', 'Notes', (p) =>
      p.notes ? (
        <Text size="sm" title={p.notes}>
          {truncate(p.notes, 40)}
        </Text>
      ) : (
        '-'
      ),
    ),
    col.date('created', 'Created', (p) => p.createdAt, { sortKey: 'createdAt' }),
    col.actions(
      col.recordActions<TAdminManualPayment>('manual payment', (p) => p.id, dialogs.open, ['view']),
    ),
  ];

  const counts = shown?.paymentMethodCounts;
  return (
    <AdminListScreen
      title="Manual Payments"
      cards={[
        ['Total Revenue', formatRupees(shown?.totalRevenue ?? 0)],
        ['Cash Payments', methodCount(counts, 'cash')],
        ['Cheque Payments', methodCount(counts, 'cheque')],
        ['Bank Transfers', methodCount(counts, 'bank_transfer')],
      ]}
      list={list}
      label="Manual payments"
      columns={columns}
      rows={payments}
      empty={['No payments match your search on this page.', 'No manual payments yet.']}
      error={loadError(query, {
        title: MANUAL_PAYMENTS_TEXTS.errorTitle,
        retryLabel: MANUAL_PAYMENTS_TEXTS.retry,
        unsuccessful: MANUAL_PAYMENTS_TEXTS.notSuccess,
      })}
      sortable
      searchBox={{ placeholder: 'Search payments...', label: 'Search payments' }}
      pagination={{ ...list.pagination(shown?.meta.total ?? 0), variant: 'prev-next' }}
      minWidth={900}
    >
      <RecordDetailDialog
        {...dialogs.viewProps}
        title="Manual Payment Details"
        fields={manualPaymentFields}
      />
    </AdminListScreen>
  );
}
