import { Button } from '@mantine/core';
import { IST_OFFSET_MS, type TAdminRenewals } from '@starloop/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { col, TwoLines } from '../../../components/data-table/columns.tsx';
import { DataTable, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { loadError } from '../../../components/data-table/paged-data-table.tsx';
import { notify } from '../../../components/notify.ts';
import { anyMessage } from '../../../lib/api-errors.ts';
import { formatDate, formatDateTime, titleCase } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AdminPage } from '../shared/admin-page.tsx';
import { useAdminRefresh } from '../shared/use-admin-refresh.ts';

type TAdminRenewal = TAdminRenewals['renewals'][number];

export const RENEWALS_TEXTS = {
  title: 'Renewals',
  description: 'Paid periods ending in the next 30 days, soonest first. Dates are in IST.',
  errorTitle: 'Error loading renewals',
  empty: 'No paid period ends in the next 30 days.',
  noEmail: 'No email',
  never: 'Never',
  today: 'Today',
  remind: 'Send reminder',
  remindFailed: 'The reminder could not be sent. Please try again.',
} as const;

/** '3 days', '1 day'; 0 (the period ends now) reads 'Today'. */
export const daysLeftLabel = (days: number) =>
  days <= 0 ? RENEWALS_TEXTS.today : `${days} day${days === 1 ? '' : 's'}`;

/**
 * An instant's wall clock in India (IST, UTC+05:30 all year) as a local Date, so that formatDate and
 * formatDateTime (which read the reader's zone) show it as India reads it, wherever the admin is.
 */
const istWallClock = (iso: string) =>
  new Date(new Date(new Date(iso).getTime() + IST_OFFSET_MS).toISOString().slice(0, 19));

/** 05 Nov 2026, the IST day. */
export const istDate = (iso: string) => formatDate(istWallClock(iso));
/** 05 Nov 2026, 14:05 IST; null reads 'Never'. */
export const istDateTime = (iso: string | null) =>
  iso ? formatDateTime(istWallClock(iso)) : RENEWALS_TEXTS.never;

/**
 * /admin-dashboard/renewals (issue 32 item 8, any admin): the active branches whose paid period
 * ends in the next 30 days (admin.renewals.list), soonest first, with the owner the reminder goes
 * to and when the last one went; "Send reminder" mails the owner now (admin.renewals.remind).
 */
export function RenewalsScreen() {
  const trpc = useTrpc();
  const refresh = useAdminRefresh();
  const query = useQuery(trpc.admin.renewals.list.queryOptions());
  const remind = useMutation(
    trpc.admin.renewals.remind.mutationOptions({
      onSuccess: (result) => notify.success(result.message),
      onError: (error) => notify.error(anyMessage(error, RENEWALS_TEXTS.remindFailed)),
      // The last reminder changes; a branch no longer due leaves the list.
      onSettled: () => void refresh(),
    }),
  );
  const sendingId = remind.isPending ? remind.variables?.id : undefined;

  const columns: TDataTableColumn<TAdminRenewal>[] = [
    col.text('business', 'Business', (r) => <TwoLines primary={r.businessName} secondary={r.code} strong />),
    col.text('owner', 'Owner', (r) => (
      <TwoLines primary={r.ownerName} secondary={r.email ?? RENEWALS_TEXTS.noEmail} />
    )),
    col.text('contact', 'Contact', (r) => r.contactNumber || '-', { nowrap: true }),
    col.text('plan', 'Plan', (r) => titleCase(r.plan)),
    col.text('periodEnd', 'Period ends', (r) => istDate(r.subscriptionEnd), { nowrap: true }),
    col.text('daysLeft', 'Days left', (r) => daysLeftLabel(r.daysLeft), { nowrap: true }),
    col.text('lastReminder', 'Last reminder', (r) => istDateTime(r.lastReminderAt), { nowrap: true }),
    {
      key: 'remind',
      header: 'Reminder',
      sticky: true,
      render: (r) => (
        <Button
          size="compact-xs"
          variant="light"
          aria-label={`${RENEWALS_TEXTS.remind} to ${r.businessName}`}
          loading={sendingId === r.businessId}
          // One at a time, as the invoices' downloads.
          disabled={remind.isPending && sendingId !== r.businessId}
          onClick={() => remind.mutate({ id: r.businessId })}
        >
          {RENEWALS_TEXTS.remind}
        </Button>
      ),
    },
  ];

  return (
    <AdminPage title={RENEWALS_TEXTS.title} description={RENEWALS_TEXTS.description}>
      <DataTable
        label={RENEWALS_TEXTS.title}
        columns={columns}
        rows={query.data?.renewals ?? []}
        rowKey={(r) => r.businessId}
        loading={query.isPending}
        emptyText={RENEWALS_TEXTS.empty}
        error={loadError(query, { title: RENEWALS_TEXTS.errorTitle })}
        minWidth={1000}
      />
    </AdminPage>
  );
}
