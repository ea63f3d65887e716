import { Button, Code, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LIMITS, PAGE_SIZE, type TAdminPayment, type TPageMeta } from '@starloop/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, RowActions, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { IconRefresh } from '../../../components/data-table/icons.tsx';
import { useClampPage, useTableState } from '../../../components/data-table/use-table-state.ts';
import { DetailDialog } from '../../../components/detail-dialog/detail-dialog.tsx';
import { StatCard, StatGrid } from '../../../components/stat-card/stat-card.tsx';
import {
  formatDate,
  formatDateTime,
  formatNumber,
  formatPaise,
  methodLabel,
  titleCase,
} from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AdminPage } from '../shared/admin-page.tsx';
import { PaymentStatusBadge } from '../shared/badges.tsx';
import { anyMessage } from '../shared/errors.ts';
import { useSticky } from '../shared/use-sticky.ts';

export const PAYMENTS_TEXTS = {
  errorTitle: 'Error loading payments',
  notSuccess: 'API response indicates failure',
} as const;

/** The Razorpay signature is shown cut to 20 characters (spec section 9). */
export function shortSignature(signature: string | null | undefined): string {
  if (!signature) return '-';
  return signature.length > LIMITS.signatureDisplayChars
    ? `${signature.slice(0, LIMITS.signatureDisplayChars)}...`
    : signature;
}

function Mono({ children }: { children: string | null | undefined }) {
  return children ? <Code style={{ overflowWrap: 'anywhere' }}>{children}</Code> : '-';
}

export function PaymentDetailsDialog({
  payment,
  onClose,
}: {
  payment: TAdminPayment | null;
  onClose: () => void;
}) {
  const shown = useSticky(payment);
  return (
    <DetailDialog
      opened={payment !== null}
      onClose={onClose}
      title="Payment Details"
      fields={
        shown
          ? [
              { label: 'Payment ID', value: shown.id },
              { label: 'Status', value: <PaymentStatusBadge status={shown.status} /> },
              { label: 'Order ID', value: <Mono>{shown.razorpayOrderId}</Mono> },
              { label: 'Razorpay shown ID', value: <Mono>{shown.razorpayPaymentId}</Mono> },
              {
                label: 'Signature',
                value: <Mono>{shortSignature(shown.razorpaySignature)}</Mono>,
                wide: true,
              },
            ]
          : []
      }
    >
      {shown ? (
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
      ) : null}
    </DetailDialog>
  );
}

/** /admin-dashboard/payments: Razorpay payments (paise), cards, search, Refresh and 'Payment Details'. */
export function PaymentsScreen() {
  const trpc = useTrpc();
  const table = useTableState();
  const [viewing, setViewing] = useState<TAdminPayment | null>(null);

  const query = useQuery({
    ...trpc.admin.payments.list.queryOptions({
      page: table.page,
      limit: PAGE_SIZE.payments,
      ...(table.search ? { search: table.search } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  // Spec section 8: an answer with success false is an error too.
  const notSuccess = data !== undefined && (data as { success?: boolean }).success === false;
  const payments: readonly TAdminPayment[] = notSuccess ? [] : (data?.payments ?? []);
  const meta: TPageMeta | undefined = notSuccess ? undefined : data?.meta;
  useClampPage(table.page, meta?.totalPages, table.setPage);
  const errorMessage = query.isError
    ? anyMessage(query.error)
    : notSuccess
      ? PAYMENTS_TEXTS.notSuccess
      : null;

  const columns: TDataTableColumn<TAdminPayment>[] = [
    { key: 'id', header: 'ID', render: (p) => p.id },
    {
      key: 'user',
      header: 'User & Business',
      render: (p) => (
        <div>
          <Text size="sm" fw={600}>
            {p.user.name}
          </Text>
          <Text size="xs" c="dimmed">
            {p.user.businessName}
          </Text>
        </div>
      ),
    },
    { key: 'plan', header: 'Plan', render: (p) => titleCase(p.plan) },
    { key: 'amount', header: 'Amount', align: 'right', nowrap: true, render: (p) => formatPaise(p.amount) },
    { key: 'status', header: 'Status', render: (p) => <PaymentStatusBadge status={p.status} /> },
    { key: 'method', header: 'Method', render: (p) => methodLabel(p.paymentMethod) },
    { key: 'date', header: 'Date', nowrap: true, render: (p) => formatDate(p.createdAt) },
    {
      key: 'actions',
      sticky: true,
      header: 'Actions',
      render: (p) => (
        <RowActions
          actions={[{ kind: 'view', label: `View payment ${p.id}`, onClick: () => setViewing(p) }]}
        />
      ),
    },
  ];

  const loading = query.isPending;
  const counts = meta ? data?.paymentStatusCounts : undefined;
  return (
    <AdminPage title="Payments Management">
      <StatGrid cols={5}>
        <StatCard
          label="Total Revenue"
          loading={loading}
          value={formatPaise(meta ? (data?.totalRevenue ?? 0) : 0)}
        />
        <StatCard label="Total Payments" loading={loading} value={formatNumber(meta?.total ?? 0)} />
        <StatCard label="Captured" loading={loading} value={formatNumber(counts?.captured ?? 0)} />
        <StatCard label="Pending" loading={loading} value={formatNumber(counts?.pending ?? 0)} />
        <StatCard label="Failed" loading={loading} value={formatNumber(counts?.failed ?? 0)} />
      </StatGrid>
      <Stack gap="sm">
        <DataTable
          label="Payments"
          columns={columns}
          rows={payments}
          rowKey={(p) => p.id}
          loading={loading}
          stale={query.isPlaceholderData}
          emptyText={table.search ? 'No payments found matching your search.' : 'No payments yet.'}
          error={
            errorMessage
              ? {
                  title: PAYMENTS_TEXTS.errorTitle,
                  message: errorMessage,
                  onRetry: () => void query.refetch(),
                }
              : null
          }
          search={{
            value: table.search,
            onChange: table.setSearch,
            placeholder: 'Search payments...',
            label: 'Search payments',
            debounceMs: 300,
          }}
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
          pagination={{
            page: table.page,
            limit: PAGE_SIZE.payments,
            total: meta?.total ?? 0,
            onPageChange: table.setPage,
          }}
          minWidth={900}
        />
      </Stack>
      <PaymentDetailsDialog payment={viewing} onClose={() => setViewing(null)} />
    </AdminPage>
  );
}
