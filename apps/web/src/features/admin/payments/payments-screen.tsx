import { Badge, Button, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LIMITS, type TAdminPayment, type TPageMeta } from '@starloop/contract';
import { col, TwoLines } from '../../../components/data-table/columns.tsx';
import type { TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { IconRefresh } from '../../../components/data-table/icons.tsx';
import { loadError, saysFailure } from '../../../components/data-table/paged-data-table.tsx';
import { usePagedList } from '../../../components/data-table/use-paged-list.ts';
import { RecordDetailDialog, type TDetailField } from '../../../components/detail-dialog/detail-dialog.tsx';
import { formatDateTime, formatPaise, methodLabel, titleCase } from '../../../lib/format.ts';
import { AdminListScreen } from '../shared/admin-list-screen.tsx';
import { paymentsList } from '../shared/admin-lists.ts';
import { PaymentStatusBadge } from '../shared/badges.tsx';
import { useRecordDialog } from '../shared/use-record-dialog.ts';
import { PaymentRefund, REFUND_TEXTS } from './payment-refund.tsx';

export const PAYMENTS_TEXTS = {
  errorTitle: 'Error loading payments',
  notSuccess: 'API response indicates failure',
} as const;

/**
 * The Razorpay signature is shown cut to 20 characters (spec section 9). The server already sends
 * no more than that of a 64-character signature, so a signature of that length is marked as cut.
 */
export function shortSignature(signature: string | null | undefined): string {
  if (!signature) return '-';
  return signature.length >= LIMITS.signatureDisplayChars
    ? `${signature.slice(0, LIMITS.signatureDisplayChars)}...`
    : signature;
}

const NEEDS_REFUND_TEXT = 'Needs refund';

/** Captured for a registration whose phone or code was taken by then: nobody got it, refund it (or refunded). */
function PaymentStatus({ payment }: { payment: TAdminPayment }) {
  return (
    <Group gap={4} wrap="nowrap">
      <PaymentStatusBadge status={payment.status} />
      {payment.needsRefund ? (
        <Badge color="orange" variant="filled">
          {NEEDS_REFUND_TEXT}
        </Badge>
      ) : null}
      {payment.refundedAt ? (
        <Badge color="gray" variant="filled">
          {REFUND_TEXTS.refunded}
        </Badge>
      ) : null}
    </Group>
  );
}

function Mono({ children }: { children: string | null | undefined }) {
  return children ? <Code style={{ overflowWrap: 'anywhere' }}>{children}</Code> : '-';
}

/** 'Payment Details'. */
export const paymentFields = (shown: TAdminPayment): TDetailField[] => [
  { label: 'Payment ID', value: shown.id },
  { label: 'Status', value: <PaymentStatus payment={shown} /> },
  { label: 'Order ID', value: <Mono>{shown.razorpayOrderId}</Mono> },
  { label: 'Razorpay Payment ID', value: <Mono>{shown.razorpayPaymentId}</Mono> },
  { label: 'Signature', value: <Mono>{shortSignature(shown.razorpaySignature)}</Mono>, wide: true },
];

/** The transaction summary under the fields. */
export const paymentSummary = (shown: TAdminPayment) => (
  <Paper withBorder radius="md" p="md" bg="gray.0">
    <Title order={3} size="h5" mb="xs">
      Transaction summary
    </Title>
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
      <Text size="sm">
        <b>Amount:</b> {formatPaise(shown.amount)}
      </Text>
      <Text size="sm">
        <b>Method:</b> {methodLabel(shown.paymentMethod)}
      </Text>
      <Text size="sm">
        <b>Plan:</b> {titleCase(shown.plan)} ({shown.purpose})
      </Text>
      <Text size="sm">
        <b>Date:</b> {formatDateTime(shown.createdAt)}
      </Text>
      <Text size="sm">
        <b>Customer:</b> {shown.user.name}, {shown.user.businessName}
      </Text>
      <Text size="sm">
        <b>Contact:</b> {shown.user.contactNumber} · {shown.user.code}
      </Text>
    </SimpleGrid>
  </Paper>
);

/** /admin-dashboard/payments: Razorpay payments (paise), cards, search, Refresh and 'Payment Details'. */
export function PaymentsScreen() {
  const list = usePagedList(paymentsList);
  const { query } = list;
  const dialogs = useRecordDialog<TAdminPayment>();

  const data = query.data;
  // Spec section 8: an answer with success false is an error too.
  const notSuccess = saysFailure(data);
  const payments: readonly TAdminPayment[] = notSuccess ? [] : (data?.payments ?? []);
  const meta: TPageMeta | undefined = notSuccess ? undefined : data?.meta;

  const columns: TDataTableColumn<TAdminPayment>[] = [
    col.text('id', 'ID', (p) => p.id),
    col.text('user', 'User & Business', (p) => (
      <TwoLines primary={p.user.name} secondary={p.user.businessName} strong />
    )),
    col.text('plan', 'Plan', (p) => titleCase(p.plan)),
    col.text('amount', 'Amount', (p) => formatPaise(p.amount), { align: 'right', nowrap: true }),
    col.text('status', 'Status', (p) => <PaymentStatus payment={p} />),
    col.text('method', 'Method', (p) => methodLabel(p.paymentMethod)),
    col.date('date', 'Date', (p) => p.createdAt),
    col.actions(col.recordActions<TAdminPayment>('payment', (p) => p.id, dialogs.open, ['view'])),
  ];

  const loading = query.isPending;
  const counts = meta ? data?.paymentStatusCounts : undefined;
  return (
    <AdminListScreen
      title="Payments Management"
      cards={[
        ['Total Revenue', formatPaise(meta ? (data?.totalRevenue ?? 0) : 0)],
        ['Total Payments', meta?.total],
        ['Captured', counts?.captured],
        ['Pending', counts?.pending],
        ['Failed', counts?.failed],
      ]}
      list={list}
      total={meta?.total ?? 0}
      label="Payments"
      columns={columns}
      rows={payments}
      empty={['No payments found matching your search.', 'No payments yet.']}
      error={loadError(query, { title: PAYMENTS_TEXTS.errorTitle, unsuccessful: PAYMENTS_TEXTS.notSuccess })}
      searchBox={{ placeholder: 'Search payments...', label: 'Search payments', debounceMs: 300 }}
      toolbar={
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          {query.isFetching && !loading ? 'Refreshing...' : 'Refresh'}
        </Button>
      }
      minWidth={900}
    >
      <RecordDetailDialog {...dialogs.viewProps} title="Payment Details" fields={paymentFields}>
        {(shown) => (
          <Stack gap="md">
            {paymentSummary(shown)}
            <PaymentRefund payment={shown} />
          </Stack>
        )}
      </RecordDetailDialog>
    </AdminListScreen>
  );
}
