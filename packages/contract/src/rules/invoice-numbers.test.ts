import { describe, expect, it } from 'vitest';
import { financialYearOf, invoiceNumber } from './invoice-numbers.ts';

describe('financial years and invoice numbers', () => {
  it('changes year on 1 April in India, not in UTC', () => {
    // 31 March 23:59 IST is 18:29 UTC; 1 April 00:00 IST is 31 March 18:30 UTC.
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
    expect(financialYearOf(new Date('2026-11-28T10:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2026-01-15T10:00:00Z'))).toBe('2025-26');
    expect(financialYearOf(new Date('2099-12-01T00:00:00Z'))).toBe('2099-00');
  });

  it('numbers invoices and credit notes in their own series within 16 characters', () => {
    expect(invoiceNumber('SL', 'invoice', '2026-27', 1)).toBe('SL/2627/000001');
    expect(invoiceNumber('SL', 'credit-note', '2026-27', 12)).toBe('SL/2627/C00012');
    expect(invoiceNumber('STAR', 'invoice', '2026-27', 999_999)).toBe('STAR/2627/999999');
    expect(invoiceNumber('STAR', 'credit-note', '2026-27', 99_999)).toHaveLength(16);
    expect(() => invoiceNumber('STAR', 'invoice', '2026-27', 1_000_000)).toThrow(/16 characters/);
  });
});
