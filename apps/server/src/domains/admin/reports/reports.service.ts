import {
  ADMIN_OPS_TEXTS,
  REPORT_TITLES,
  type TReportExport,
  type TReportExportResult,
  type TReportType,
  ZReportExport,
} from '@starloop/contract';
import { countReportRows, inTransaction } from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { QUEUES } from '../../../jobs/queue.ts';
import { recordAdminChange } from '../../../lib/audit.ts';
import type { TMailResult } from '../../../mail/mailer.ts';
import type { TActor } from '../agents/agents.service.ts';
import { REPORT_CONTENT_TYPES, reportBuffer, reportFileName } from './report-files.service.ts';

/**
 * Rows per emailed report. Attachments travel base64 through the outbox table and SMTP servers
 * commonly refuse mails over 25 MB, so a bigger table is cut to its newest rows with a note; the
 * Export window's download has no such cap.
 */
export const REPORT_EMAIL_MAX_ROWS = 25_000;

export interface TReportJob {
  type: TReportType;
  email: string;
  adminId?: number;
}

/** GET /api/reports/ and admin.reports.export: answers at once; a background job builds and mails. */
export async function requestReport(
  deps: TDeps,
  input: TReportExport,
  actor: TActor,
): Promise<TReportExportResult> {
  await inTransaction(deps.db, async (trx) => {
    await deps.jobs.send(
      QUEUES.reportBuild,
      { type: input.type, email: input.email, adminId: actor.id } satisfies TReportJob,
      { trx },
    );
    // Where the data went: a report is a copy of the platform's data leaving it by email.
    await recordAdminChange(trx, actor, {
      activity: {
        type: 'report',
        message: `${REPORT_TITLES[input.type]} report requested by ${actor.name} for ${input.email}`,
      },
      audit: { action: 'report.export', details: { type: input.type, recipient: input.email } },
    });
  });
  return { success: true, message: ADMIN_OPS_TEXTS.reportQueued(input.type, input.email) };
}

/** The job: CSV and XLSX of the report (newest rows first, capped) emailed as attachments. */
export async function buildAndEmailReport(
  deps: TDeps,
  data: unknown,
  maxRows: number = REPORT_EMAIL_MAX_ROWS,
): Promise<TMailResult> {
  const { type, email } = ZReportExport.parse(data);
  const now = deps.now();
  const [total, csv, xlsx] = await Promise.all([
    countReportRows(deps.db, type),
    reportBuffer(deps.db, type, 'csv', maxRows),
    reportBuffer(deps.db, type, 'xlsx', maxRows),
  ]);
  const included = Math.min(total, maxRows);
  const title = REPORT_TITLES[type];
  const lines = [
    'Hello,',
    '',
    `Your StarLoop ${title.toLowerCase()} report is attached as a CSV file and an Excel (XLSX) file.`,
    `Generated: ${now.toISOString()} (UTC). Rows: ${included}.`,
  ];
  if (total > maxRows) {
    lines.push(
      '',
      `The table holds ${total} rows; this email carries the newest ${maxRows}.`,
      'Download the complete file from Export Reports in the admin dashboard.',
    );
  }
  lines.push('', 'The StarLoop team');
  const result = await deps.mailer.send({
    to: email,
    subject: `StarLoop ${title.toLowerCase()} report`,
    text: lines.join('\n'),
    category: 'report',
    attachments: [
      {
        filename: reportFileName(type, 'csv', now),
        contentType: REPORT_CONTENT_TYPES.csv,
        contentBase64: csv.toString('base64'),
      },
      {
        filename: reportFileName(type, 'xlsx', now),
        contentType: REPORT_CONTENT_TYPES.xlsx,
        contentBase64: xlsx.toString('base64'),
      },
    ],
  });
  deps.log.info({ type, rows: included, mailId: result.id, status: result.status }, 'report emailed');
  return result;
}
