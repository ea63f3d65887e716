import { Text } from '@mantine/core';
import type { TJobFailure, TOutboxEmail } from '@starloop/contract';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { loadError } from '../../../components/data-table/paged-data-table.tsx';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { formatDateTime, formatNumber, truncate } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { PrivacySettings } from '../privacy/privacy-settings.tsx';
import { AdminPage } from '../shared/admin-page.tsx';
import { MailStatusBadge } from '../shared/badges.tsx';

export const SYSTEM_TEXTS = {
  title: 'System',
  description: 'Background jobs that failed after every retry, and the mail the server sent or holds.',
  jobsTitle: 'Failed jobs',
  jobsEmpty: 'No background job has failed.',
  jobsFailed: 'Failed to load the failed jobs. Please try again.',
  outboxTitle: 'Mail outbox',
  outboxEmpty: 'No mail has been sent yet.',
  outboxFailed: 'Failed to load the mail outbox. Please try again.',
} as const;

/** How many of the newest rows each section shows (the server's default). */
const NEWEST = 50;

/** A long text cut to one readable line, whole in its tooltip. */
const Cut = ({ text, max }: { text: string | null; max: number }) =>
  text ? (
    <Text size="sm" title={text} style={{ overflowWrap: 'anywhere' }}>
      {truncate(text, max)}
    </Text>
  ) : (
    '-'
  );

const JOB_COLUMNS: TDataTableColumn<Omit<TJobFailure, 'data'>>[] = [
  { key: 'queue', header: 'Queue', render: (job) => job.queue, nowrap: true },
  { key: 'error', header: 'Error', render: (job) => <Cut text={job.error} max={120} /> },
  { key: 'attempts', header: 'Attempts', render: (job) => formatNumber(job.attempts), align: 'right' },
  { key: 'when', header: 'When', render: (job) => formatDateTime(job.failedAt), nowrap: true },
];

const MAIL_COLUMNS: TDataTableColumn<TOutboxEmail>[] = [
  { key: 'recipient', header: 'Recipient', render: (mail) => mail.toAddress },
  { key: 'subject', header: 'Subject', render: (mail) => <Cut text={mail.subject} max={80} /> },
  { key: 'status', header: 'Status', render: (mail) => <MailStatusBadge status={mail.status} /> },
  { key: 'error', header: 'Error / reason', render: (mail) => <Cut text={mail.error} max={120} /> },
  {
    key: 'when',
    header: 'When',
    render: (mail) => formatDateTime(mail.sentAt ?? mail.createdAt),
    nowrap: true,
  },
];

/** One section of the page: its title (and a note), then the newest rows of its query. */
function NewestRows<Row extends { id: number }>({
  id,
  title,
  note,
  query,
  rows,
  columns,
  empty,
  failed,
  minWidth,
}: {
  id: string;
  title: string;
  note?: string | undefined;
  query: Parameters<typeof loadError>[0] & { isPending: boolean };
  rows: readonly Row[];
  columns: readonly TDataTableColumn<Row>[];
  empty: string;
  failed: string;
  minWidth: number;
}) {
  return (
    <SectionCard titleId={id} title={title} description={note || undefined}>
      <DataTable
        label={title}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={query.isPending}
        emptyText={empty}
        error={loadError(query, { title: failed })}
        minWidth={minWidth}
      />
    </SectionCard>
  );
}

/**
 * /admin-dashboard/system (any admin): the background jobs that used every retry (`job_failures`)
 * and the mail outbox, newest first. Read only.
 */
export function SystemScreen() {
  const trpc = useTrpc();
  const jobs = useQuery(trpc.admin.jobs.failures.queryOptions({ limit: NEWEST }));
  const outbox = useQuery(trpc.admin.outbox.list.queryOptions({ limit: NEWEST }));
  const failures = jobs.data?.failures ?? [];
  const total = jobs.data?.total;

  return (
    <AdminPage title={SYSTEM_TEXTS.title} description={SYSTEM_TEXTS.description}>
      <NewestRows
        id="failed-jobs-title"
        title={SYSTEM_TEXTS.jobsTitle}
        note={
          total !== undefined && total > failures.length
            ? `The newest ${formatNumber(failures.length)} of ${formatNumber(total)}.`
            : undefined
        }
        query={jobs}
        rows={failures}
        columns={JOB_COLUMNS}
        empty={SYSTEM_TEXTS.jobsEmpty}
        failed={SYSTEM_TEXTS.jobsFailed}
        minWidth={720}
      />
      <NewestRows
        id="mail-outbox-title"
        title={SYSTEM_TEXTS.outboxTitle}
        query={outbox}
        rows={outbox.data?.emails ?? []}
        columns={MAIL_COLUMNS}
        empty={SYSTEM_TEXTS.outboxEmpty}
        failed={SYSTEM_TEXTS.outboxFailed}
        minWidth={860}
      />
      <PrivacySettings />
    </AdminPage>
  );
}
