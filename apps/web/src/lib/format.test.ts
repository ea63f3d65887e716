import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMonthKey,
  formatNumber,
  formatPaise,
  formatRating,
  formatRupees,
  methodLabel,
  roleColor,
  setReaderTimeZone,
  titleCase,
  truncate,
} from './format.ts';

describe('format', () => {
  it('formats money the Indian way', () => {
    expect(formatPaise(12345600)).toBe('₹1,23,456.00');
    expect(formatPaise(199900)).toBe('₹1,999.00');
    expect(formatRupees(24000)).toBe('₹24,000');
  });

  it('writes counts as Intl writes them for en-IN, without making an Intl format for whole numbers', () => {
    const intl = new Intl.NumberFormat('en-IN');
    const values = [
      0,
      7,
      -7,
      999,
      1000,
      -1000,
      12345,
      100000,
      1234567,
      -98765432,
      2 ** 53 - 1,
      1.5,
      -0.25,
      1e21,
    ];
    // A spread of whole numbers of every length, from a fixed seed.
    let seed = 34;
    for (let i = 0; i < 200; i += 1) {
      seed = (seed * 48271) % 2147483647;
      values.push(Math.floor((seed / 2147483647) * 10 ** (1 + (i % 15))) * (i % 3 === 0 ? -1 : 1) || 0);
    }
    for (const value of values) expect(formatNumber(value), String(value)).toBe(intl.format(value));
    expect(formatNumber(1234567)).toBe('12,34,567');
    // Intl writes -0 as "-0"; no count is minus nothing.
    expect(formatNumber(-0)).toBe('0');
  });

  it('shows ratings with one decimal', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(3.96)).toBe('4.0');
    expect(formatRating(Number.NaN)).toBe('0.0');
  });

  it('formats dates as dd MMM yyyy', () => {
    expect(formatDate(new Date(2026, 10, 5, 12))).toBe('05 Nov 2026');
    expect(formatDate(null)).toBe('-');
    expect(formatDate('not a date')).toBe('-');
    expect(formatMonthKey('2026-01')).toBe('Jan 26');
  });

  it("formats dates in a reader's time zone when one is set (the server's drawing)", () => {
    const moment = new Date(Date.UTC(2026, 10, 30, 20, 5));
    try {
      setReaderTimeZone('Asia/Kolkata');
      expect(formatDateTime(moment)).toBe('01 Dec 2026, 01:35');
      setReaderTimeZone('UTC');
      expect(formatDateTime(moment)).toBe('30 Nov 2026, 20:05');
      expect(formatDate(moment)).toBe('30 Nov 2026');
    } finally {
      setReaderTimeZone(undefined);
    }
    // Unset, the browser's own zone (the Date getters).
    const local = new Date(2026, 0, 2, 3, 4);
    expect(formatDateTime(local)).toBe('02 Jan 2026, 03:04');
  });

  it('truncates, title-cases and labels methods', () => {
    expect(truncate('abcdefghij', 5)).toBe('abcd…');
    expect(truncate('abc', 5)).toBe('abc');
    expect(titleCase('website')).toBe('Website');
    expect(methodLabel('bank_transfer')).toBe('bank transfer');
    expect(methodLabel('upi')).toBe('UPI');
    expect(roleColor('super_admin')).toBe('purple');
    expect(roleColor('admin')).toBe('blue');
  });
});
