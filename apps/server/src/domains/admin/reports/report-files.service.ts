import { PassThrough, Readable } from 'node:stream';
import { paiseToRupees, REPORT_TITLES, type TReportFormat, type TReportType } from '@starloop/contract';
import { readReportPage, type TDb, type TReportRows } from '@starloop/db';
import ExcelJS from 'exceljs';
import { csvCell, csvLines, SPREADSHEET_CONTENT_TYPES, type TCell } from '../../../lib/spreadsheet.ts';

export { csvCell, csvLines, csvSafeText } from '../../../lib/spreadsheet.ts';

interface TColumn<R> {
  header: string;
  width?: number;
  value: (row: R) => TCell;
}

const rupees = paiseToRupees;

/** The columns of each report; money columns say their unit in the header. */
export const REPORT_COLUMNS: { [K in TReportType]: TColumn<TReportRows[K]>[] } = {
  users: [
    { header: 'ID', value: (r) => r.id },
    { header: 'Name', width: 24, value: (r) => r.name },
    { header: 'Business', width: 28, value: (r) => r.businessName },
    { header: 'Contact', width: 14, value: (r) => r.contactNumber },
    { header: 'Email', width: 28, value: (r) => r.email },
    { header: 'Business code', width: 18, value: (r) => r.code },
    { header: 'Review link', width: 36, value: (r) => r.reviewLink },
    { header: 'State', width: 18, value: (r) => r.state },
    { header: 'City', width: 18, value: (r) => r.city },
    { header: 'Plan', value: (r) => r.plan },
    { header: 'Status', value: (r) => (r.deletedAt ? 'deleted' : r.status) },
    { header: 'Registration source', value: (r) => r.registrationSource },
    {
      header: 'Agent',
      width: 22,
      value: (r) => (r.agentName ? `${r.agentName} (${r.agentCode})` : 'Direct'),
    },
    { header: 'Sales representative (as typed)', width: 22, value: (r) => r.salesRepName },
    { header: 'Subscription start', width: 22, value: (r) => r.subscriptionStart },
    { header: 'Subscription end', width: 22, value: (r) => r.subscriptionEnd },
    { header: 'Reviews', value: (r) => r.reviewCount },
    { header: 'Average rating', value: (r) => r.averageRating },
    { header: 'Created', width: 22, value: (r) => r.createdAt },
    { header: 'Deleted', width: 22, value: (r) => r.deletedAt },
  ],
  payments: [
    { header: 'ID', value: (r) => r.id },
    { header: 'User ID', value: (r) => r.ownerId },
    { header: 'Name', width: 24, value: (r) => r.ownerName },
    { header: 'Business', width: 28, value: (r) => r.businessName },
    { header: 'Business code', width: 18, value: (r) => r.code },
    { header: 'Contact', width: 14, value: (r) => r.contactNumber },
    { header: 'Plan', value: (r) => r.plan },
    { header: 'Purpose', value: (r) => r.purpose },
    { header: 'Amount (INR)', value: (r) => rupees(r.amount) },
    { header: 'Currency', value: (r) => r.currency },
    { header: 'Status', value: (r) => r.status },
    { header: 'Method', value: (r) => r.paymentMethod?.replaceAll('_', ' ') ?? null },
    { header: 'Provider', value: (r) => r.provider },
    { header: 'Order ID', width: 24, value: (r) => r.razorpayOrderId },
    { header: 'Payment ID', width: 24, value: (r) => r.razorpayPaymentId },
    { header: 'Failure reason', width: 30, value: (r) => r.failureReason },
    { header: 'Created', width: 22, value: (r) => r.createdAt },
    { header: 'Captured', width: 22, value: (r) => r.capturedAt },
  ],
  'manual-payments': [
    { header: 'ID', value: (r) => r.id },
    { header: 'Amount (INR)', value: (r) => r.amount },
    { header: 'Method', value: (r) => r.paymentMethod.replaceAll('_', ' ') },
    { header: 'Status', value: (r) => r.status },
    { header: 'Customers', width: 40, value: (r) => r.customers },
    { header: 'Email', width: 28, value: (r) => r.email },
    { header: 'Notes', width: 40, value: (r) => r.notes },
    { header: 'Recorded by', width: 20, value: (r) => r.createdBy },
    { header: 'Created', width: 22, value: (r) => r.createdAt },
  ],
  reviews: [
    { header: 'ID', value: (r) => r.id },
    { header: 'User ID', value: (r) => r.ownerId },
    { header: 'Business', width: 28, value: (r) => r.businessName },
    { header: 'Business code', width: 18, value: (r) => r.code },
    { header: 'Rating', value: (r) => r.rating },
    { header: 'Message', width: 60, value: (r) => r.message },
    { header: 'Customer contact', width: 24, value: (r) => r.customerContact },
    { header: 'Sentiment', value: (r) => r.sentimentLabel },
    { header: 'Reply status', value: (r) => r.replyStatus },
    { header: 'Created', width: 22, value: (r) => r.createdAt },
  ],
  agents: [
    { header: 'ID', value: (r) => r.id },
    { header: 'Code', value: (r) => r.code },
    { header: 'Name', width: 24, value: (r) => r.name },
    { header: 'Email', width: 28, value: (r) => r.email },
    { header: 'Phone', width: 14, value: (r) => r.phone },
    { header: 'Status', value: (r) => r.status },
    { header: 'Users', value: (r) => r.users },
    { header: 'Created', width: 22, value: (r) => r.createdAt },
  ],
};

/** Rows read from the database per query: keyset pages keep memory flat for any table size. */
export const REPORT_PAGE_ROWS = 2000;
/** Excel's sheet limit, less the header row. */
export const XLSX_MAX_ROWS = 1_048_575;

/** Every row of a report (newest first), page by page, at most `maxRows`. */
export async function* reportRows<K extends TReportType>(
  db: TDb,
  type: K,
  maxRows: number = Number.POSITIVE_INFINITY,
): AsyncGenerator<TReportRows[K][]> {
  let beforeId: number | undefined;
  let read = 0;
  while (read < maxRows) {
    const limit = Math.min(REPORT_PAGE_ROWS, maxRows - read);
    const page = await readReportPage(db, type, { beforeId, limit });
    if (page.length > 0) yield page;
    read += page.length;
    if (page.length < limit) return;
    beforeId = page[page.length - 1]?.id;
  }
}

/** The CSV of a report as a stream of text chunks: a UTF-8 BOM (for Excel), the header, then pages. */
export async function* csvChunks<K extends TReportType>(
  db: TDb,
  type: K,
  maxRows?: number,
): AsyncGenerator<string> {
  const columns = REPORT_COLUMNS[type] as TColumn<TReportRows[K]>[];
  yield `\uFEFF${csvLines([columns.map((c) => c.header)])}`;
  for await (const page of reportRows(db, type, maxRows)) {
    yield csvLines(page.map((row) => columns.map((c) => csvCell(c.value(row)))));
  }
}

/**
 * Writes the XLSX of a report into `output` with ExcelJS's streaming writer (one committed row at
 * a time, no whole workbook in memory). Resolves with the number of data rows.
 */
export async function writeXlsx<K extends TReportType>(
  db: TDb,
  type: K,
  output: PassThrough,
  maxRows: number = XLSX_MAX_ROWS,
): Promise<number> {
  const columns = REPORT_COLUMNS[type] as TColumn<TReportRows[K]>[];
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'StarLoop';
  const sheet = workbook.addWorksheet(REPORT_TITLES[type]);
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 14 }));
  sheet.getRow(1).font = { bold: true };
  let count = 0;
  for await (const page of reportRows(db, type, Math.min(maxRows, XLSX_MAX_ROWS))) {
    for (const row of page) {
      const values = columns.map((c) => c.value(row) ?? null);
      const added = sheet.addRow(values);
      values.forEach((value, i) => {
        // Excel dates carry no zone: the cell shows UTC and says so.
        if (value instanceof Date) added.getCell(i + 1).numFmt = 'yyyy-mm-dd hh:mm:ss "UTC"';
      });
      added.commit();
      count += 1;
    }
  }
  sheet.commit();
  await workbook.commit();
  return count;
}

export const REPORT_CONTENT_TYPES: Record<TReportFormat, string> = SPREADSHEET_CONTENT_TYPES;

export function reportFileName(type: TReportType, format: TReportFormat, now: Date): string {
  return `starloop-${type}-report-${now.toISOString().slice(0, 10)}.${format}`;
}

/** A report file as a stream, for the download route. */
export function reportStream(db: TDb, type: TReportType, format: TReportFormat): Readable {
  if (format === 'csv') return Readable.from(csvChunks(db, type));
  const output = new PassThrough();
  writeXlsx(db, type, output).catch((error: unknown) => output.destroy(error as Error));
  return output;
}

/** A whole (capped) report file in memory, for an email attachment. */
export async function reportBuffer(
  db: TDb,
  type: TReportType,
  format: TReportFormat,
  maxRows: number,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  if (format === 'csv') {
    for await (const chunk of csvChunks(db, type, maxRows)) chunks.push(Buffer.from(chunk, 'utf8'));
    return Buffer.concat(chunks);
  }
  const output = new PassThrough();
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  await writeXlsx(db, type, output, maxRows);
  await ended;
  return Buffer.concat(chunks);
}
