import { istDay } from './ist.ts';

/**
 * Invoice and credit-note numbers (CGST Rule 46(1)(b)): consecutive within a financial year
 * (April to March, IST), at most 16 characters of A-Z, 0-9, / and -, unique per year. Invoices read
 * `PREFIX/2627/000001`, credit notes `PREFIX/2627/C00001`: the series prefix is at most 4 characters
 * so that both fit 16 up to 999,999 invoices and 99,999 credit notes a year.
 */

export const INVOICE_NUMBER_PATTERN = /^[A-Z0-9/-]{1,16}$/;
export const SERIES_PREFIX_PATTERN = /^[A-Z0-9-]{1,4}$/;

/** The Indian financial year (April to March, IST) a moment falls in: '2026-27'. */
export function financialYearOf(at: Date): string {
  const [year, month] = istDay(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** '2026-27' -> '2627', the year as the number carries it. */
const shortYear = (financialYear: string) => `${financialYear.slice(2, 4)}${financialYear.slice(5, 7)}`;

export function invoiceNumber(
  prefix: string,
  kind: 'invoice' | 'credit-note',
  financialYear: string,
  serial: number,
): string {
  const tail = kind === 'invoice' ? String(serial).padStart(6, '0') : `C${String(serial).padStart(5, '0')}`;
  const number = `${prefix}/${shortYear(financialYear)}/${tail}`;
  if (!INVOICE_NUMBER_PATTERN.test(number)) {
    throw new Error(`invoice number ${number} does not fit 16 characters of A-Z 0-9 / -`);
  }
  return number;
}
