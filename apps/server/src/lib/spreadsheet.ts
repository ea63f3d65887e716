import { stringify } from 'csv-stringify/sync';

/** CSV and XLSX cells shared by the admin reports and the owners' All branches file. */

/** A cell before formatting: dates stay dates so XLSX gets real date cells. */
export type TCell = string | number | Date | null;

/**
 * A text cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a
 * leading apostrophe: review and lead texts come from the public.
 */
export function csvSafeText(text: string): string {
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) ? `'${text}` : text;
}

export function csvCell(cell: TCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'number') return String(cell);
  return csvSafeText(cell);
}

/** RFC 4180 lines (CRLF, quotes doubled, quoted when needed) via csv-stringify. */
export function csvLines(rows: string[][]): string {
  // quote_record_delimiter: a bare LF or CR inside a field must be quoted too (csv-stringify stops
  // quoting them once a record delimiter is set).
  return stringify(rows, { record_delimiter: 'windows', quote_record_delimiter: true });
}

export const SPREADSHEET_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
