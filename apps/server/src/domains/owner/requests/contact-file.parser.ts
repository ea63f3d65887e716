import {
  CONTACT_IMPORT_MAX_ROWS,
  CONTACT_NAME_MAX,
  IST_OFFSET,
  istDay,
  REQUEST_TEXTS,
  type TConsentSource,
} from '@starloop/contract';
import type { TContactImportRow } from '@starloop/db';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { badRequest } from '../../../lib/errors.ts';
import { normalizeEmail, normalizePhone } from './contact-fields.rules.ts';

/**
 * A contacts file (CSV or .xlsx) read into normalised rows with their errors, and the file's
 * duplicates merged: nothing here touches the database. The first row names the columns; which
 * column holds what is found from its header (name, phone, email, consent, consent date, how).
 */

type TCell = string | Date | null;
type TField = 'name' | 'phone' | 'email' | 'consent' | 'consentAt' | 'consentSource';

export interface TContactSheet {
  headers: string[];
  /** Data rows with their line in the file (the header is line 1). */
  rows: { line: number; cells: TCell[] }[];
}

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Reads a CSV or .xlsx file (told apart by content, not by name). */
export async function readContactSheet(file: Buffer): Promise<TContactSheet> {
  if (file.length === 0) throw badRequest(REQUEST_TEXTS.importEmpty, 'file');
  const table = file.subarray(0, 4).equals(XLSX_MAGIC) ? await readXlsx(file) : readCsv(file);
  const [header, ...data] = table;
  if (!header) throw badRequest(REQUEST_TEXTS.importEmpty, 'file');
  const rows = data
    .map((cells, i) => ({ line: i + 2, cells }))
    .filter(({ cells }) => cells.some((c) => c !== null && String(c).trim() !== ''));
  if (rows.length === 0) throw badRequest(REQUEST_TEXTS.importEmpty, 'file');
  if (rows.length > CONTACT_IMPORT_MAX_ROWS) throw badRequest(REQUEST_TEXTS.importTooManyRows, 'file');
  return { headers: header.map((h) => (h instanceof Date ? '' : String(h ?? '').trim())), rows };
}

function readCsv(file: Buffer): TCell[][] {
  // A text file: NUL bytes mean a binary file of another kind.
  if (file.includes(0)) throw badRequest(REQUEST_TEXTS.importFileType, 'file');
  const text = file.toString('utf8');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  // Excel in many locales saves CSV with semicolons.
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  try {
    const records: string[][] = parseCsv(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      // Stop reading well past the limit: the count check answers, not the memory.
      to_line: CONTACT_IMPORT_MAX_ROWS + 50,
    });
    return records.map((cells) => cells.map((c) => (c === '' ? null : c)));
  } catch {
    throw badRequest(REQUEST_TEXTS.importUnreadable, 'file');
  }
}

async function readXlsx(file: Buffer): Promise<TCell[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw badRequest(REQUEST_TEXTS.importUnreadable, 'file');
  }
  const sheet = workbook.worksheets.find((s) => s.actualRowCount > 0);
  if (!sheet) return [];
  if (sheet.actualRowCount > CONTACT_IMPORT_MAX_ROWS + 1)
    throw badRequest(REQUEST_TEXTS.importTooManyRows, 'file');
  const table: TCell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: TCell[] = [];
    for (let col = 1; col <= Math.min(row.cellCount, 50); col += 1) {
      const cell = row.getCell(col);
      const value = cell.value;
      cells.push(value instanceof Date ? value : value === null || value === undefined ? null : cell.text);
    }
    table[number - 1] = cells;
  });
  return Array.from(table, (cells) => cells ?? []);
}

// ------------------------------------------------------------------------------- the columns

const normaliseHeader = (h: string) =>
  h
    .toLowerCase()
    .replace(/[^a-z0-9@]+/g, ' ')
    .trim();

/** Checked in this order: the more specific headers ("consent date") before the general ones. */
const COLUMN_TESTS: [TField, RegExp][] = [
  ['email', /\be ?mail\b|^email/],
  ['consentAt', /(consent|opt ?in|agreed).*\b(date|on|at|when|time)\b|^consent date$/],
  ['consentSource', /(consent|opt ?in).*\b(how|source|method|via|channel)\b|^(how|consent source)$/],
  ['consent', /consent|opt ?in|agreed|permission|allow/],
  ['phone', /phone|mobile|whats ?app|\bcell\b|contact (no|number)|^mob\b|^number$|^contact$|^mobile/],
  ['name', /name|customer|naam/],
];

export type TColumns = Record<TField, number | null>;

export function findColumns(headers: string[]): TColumns {
  const columns: TColumns = {
    name: null,
    phone: null,
    email: null,
    consent: null,
    consentAt: null,
    consentSource: null,
  };
  const used = new Set<number>();
  for (const [field, test] of COLUMN_TESTS) {
    const at = headers.findIndex((h, i) => !used.has(i) && test.test(normaliseHeader(h)));
    if (at >= 0) {
      columns[field] = at;
      used.add(at);
    }
  }
  if (columns.phone === null && columns.email === null)
    throw badRequest(REQUEST_TEXTS.importNoColumns, 'file');
  return columns;
}

// ---------------------------------------------------------------------------------- the rows

const YES = new Set(['yes', 'y', 'true', '1', 'haan', 'ha', 'han', 'agreed', 'agree', 'ok', '✓', '✔', 'x']);
const NO = new Set(['no', 'n', 'false', '0', 'nahi', 'nahin', 'na']);

function consentOf(value: TCell): boolean | 'invalid' | null {
  if (value === null) return null;
  const text = String(value).trim().toLowerCase();
  if (text === '') return null;
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return 'invalid';
}

function consentSourceOf(value: TCell): TConsentSource | null {
  const text = value === null ? '' : String(value).trim().toLowerCase();
  if (text === '') return null;
  if (/person|counter|store|shop|desk|verbal|spoken/.test(text)) return 'in-person';
  if (/online|web|site|app|whats|sms|email|qr|link/.test(text)) return 'online';
  if (/writ|paper|form|sign/.test(text)) return 'written';
  return 'other';
}

/** A day as a file writes it: a date cell, YYYY-MM-DD, or DD/MM/YYYY (India's order). */
function dateOf(value: TCell): Date | 'invalid' | null {
  if (value === null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'invalid' : value;
  const text = value.trim();
  if (text === '') return null;
  let iso: string | undefined;
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(text);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (ymd) iso = `${ymd[1]}-${ymd[2]!.padStart(2, '0')}-${ymd[3]!.padStart(2, '0')}`;
  else if (dmy) iso = `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  if (!iso) return 'invalid';
  const at = new Date(`${iso}T00:00:00${IST_OFFSET}`);
  // A day that does not exist (31/02/2026) does not come back as itself.
  const back = Number.isNaN(at.getTime()) ? '' : istDay(at);
  return back === iso ? at : 'invalid';
}

export interface TReadOptions {
  /** Consent for rows that do not say (the owner's "all of these agreed" at upload). */
  consentForAll: boolean;
  consentSource: TConsentSource | null;
  now: Date;
}

/** One row read and checked; `errors` non-empty means it is left out. */
export function readRow(
  cells: TCell[],
  line: number,
  columns: TColumns,
  options: TReadOptions,
): TContactImportRow {
  const cell = (field: TField) => {
    const at = columns[field];
    return at === null ? null : (cells[at] ?? null);
  };
  const text = (field: TField) => {
    const value = cell(field);
    return value === null || value instanceof Date ? '' : value.trim();
  };
  const errors: string[] = [];
  const name = text('name').replace(/\s+/g, ' ') || null;
  if (name && name.length > CONTACT_NAME_MAX) errors.push(REQUEST_TEXTS.nameMax);
  const rawPhone = text('phone');
  const phoneE164 = rawPhone ? (normalizePhone(rawPhone) ?? null) : null;
  if (rawPhone && !phoneE164) errors.push(REQUEST_TEXTS.phoneInvalid);
  const rawEmail = text('email');
  const email = rawEmail ? (normalizeEmail(rawEmail) ?? null) : null;
  if (rawEmail && !email) errors.push(REQUEST_TEXTS.emailInvalid);
  if (!rawPhone && !rawEmail) errors.push(REQUEST_TEXTS.contactNeedsPhoneOrEmail);
  const stated = consentOf(cell('consent'));
  if (stated === 'invalid') errors.push('Consent must be yes or no');
  const consent = stated === true || (stated === null && options.consentForAll);
  const day = dateOf(cell('consentAt'));
  if (day === 'invalid') errors.push(REQUEST_TEXTS.consentAtInvalid);
  else if (day && day > options.now) errors.push(REQUEST_TEXTS.consentAtFuture);
  const consentAt = consent ? (day instanceof Date ? day : options.now).toISOString() : null;
  const consentSource = consent
    ? (consentSourceOf(cell('consentSource')) ?? options.consentSource ?? 'import')
    : null;
  return { row: line, name, phoneE164, email, consent, consentAt, consentSource, errors };
}

export interface TSheetPlan {
  rows: TContactImportRow[];
  /** Customers to store: a file's rows naming one customer merged into its first row. */
  customers: TContactImportRow[];
  /** For each row merged into an earlier one: the earlier one's line. */
  mergedInto: Map<number, number>;
}

/** Reads every row and merges the file's duplicates (same phone or same email) into the first. */
export function planSheet(sheet: TContactSheet, columns: TColumns, options: TReadOptions): TSheetPlan {
  const rows = sheet.rows.map(({ line, cells }) => readRow(cells, line, columns, options));
  const customers: TContactImportRow[] = [];
  const byPhone = new Map<string, TContactImportRow>();
  const byEmail = new Map<string, TContactImportRow>();
  const mergedInto = new Map<number, number>();
  for (const row of rows) {
    if (row.errors.length > 0) continue;
    const first =
      (row.phoneE164 ? byPhone.get(row.phoneE164) : undefined) ??
      (row.email ? byEmail.get(row.email) : undefined);
    if (!first) {
      const customer = { ...row };
      customers.push(customer);
      if (customer.phoneE164) byPhone.set(customer.phoneE164, customer);
      if (customer.email) byEmail.set(customer.email, customer);
      continue;
    }
    mergedInto.set(row.row, first.row);
    // The first row keeps what it has and gains what it lacks; consent given anywhere counts.
    first.name ??= row.name;
    if (!first.phoneE164 && row.phoneE164 && !byPhone.has(row.phoneE164)) {
      first.phoneE164 = row.phoneE164;
      byPhone.set(row.phoneE164, first);
    }
    if (!first.email && row.email && !byEmail.has(row.email)) {
      first.email = row.email;
      byEmail.set(row.email, first);
    }
    if (row.consent && !first.consent) {
      first.consent = true;
      first.consentAt = row.consentAt;
      first.consentSource = row.consentSource;
    }
  }
  return { rows, customers, mergedInto };
}
