import { REPORT_TYPES } from '@starloop/contract';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../test/parse-csv.ts';
import { csvCell, csvLines, csvSafeText, REPORT_COLUMNS, reportFileName } from './report-files.service.ts';

describe('report CSV helpers', () => {
  it('quotes by RFC 4180: commas, quotes and line breaks survive a round trip', () => {
    const rows = [
      ['plain', 'with, comma', 'say "hi"', 'two\nlines', 'cr\r\nlf', ''],
      ['ünïcödé ₹1,23,456', ' spaced ', '"', ',', '\n', 'x'],
    ];
    const text = csvLines(rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')[0]!.startsWith('plain,"with, comma","say ""hi""","two\nlines"')).toBe(true);
    expect(parseCsv(text)).toEqual(rows);
  });

  it('leaves unquoted what needs no quotes', () => {
    expect(csvLines([['a', 'b c', '12']])).toBe('a,b c,12\r\n');
  });

  it('defuses spreadsheet formulas in text cells only', () => {
    for (const text of ['=SUM(A1)', '+91', '-1', '@cmd', '\tx', '＝1']) {
      expect(csvSafeText(text)).toBe(`'${text}`);
    }
    expect(csvSafeText('fine = text')).toBe('fine = text');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z');
  });

  it('has distinct headers for every report type and dated file names', () => {
    for (const type of REPORT_TYPES) {
      const headers = REPORT_COLUMNS[type].map((c) => c.header);
      expect(headers[0]).toBe('ID');
      expect(new Set(headers).size).toBe(headers.length);
      expect(reportFileName(type, 'xlsx', new Date('2026-11-22T10:00:00Z'))).toBe(
        `starloop-${type}-report-2026-11-22.xlsx`,
      );
    }
  });
});
