import { CURRENCY, paiseToRupees } from '@starloop/contract';

/** One place for how numbers, money and dates look (ui-guide: Numbers and words). */

/*
 * Each formatter is made on first use: building an Intl.NumberFormat (currency data above all) took
 * about 45 ms of a cheap phone's first view, for money the dashboard does not show.
 */
const lazily = <T>(make: () => T) => {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
};
const INR = lazily(
  () => new Intl.NumberFormat('en-IN', { style: 'currency', currency: CURRENCY, minimumFractionDigits: 2 }),
);
const INR_WHOLE = lazily(
  () => new Intl.NumberFormat('en-IN', { style: 'currency', currency: CURRENCY, maximumFractionDigits: 0 }),
);
const NUMBER = lazily(() => new Intl.NumberFormat('en-IN'));

/** Razorpay amounts are paise: ₹1,999.00 for 199900. */
export const formatPaise = (paise: number) => INR().format(paiseToRupees(paise));
/** Manual payments and plan prices are whole rupees, shown as they are: ₹24,000. */
export const formatRupees = (rupees: number) => INR_WHOLE().format(rupees);
/** Rupees with two decimals (admin revenue cards). */
export const formatRupeesExact = (rupees: number) => INR().format(rupees);
export const formatNumber = (value: number) => NUMBER().format(value);
/** Ratings always show one decimal. */
export const formatRating = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '0.0');
export const formatPercent = (value: number) => `${Math.round(value)}%`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** dd MMM yyyy in the reader's time zone: 05 Nov 2026. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '-';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '-';
  return `${String(d.getDate()).padStart(2, '0')} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

/** 05 Nov 2026, 14:05. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '-';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '-';
  return `${formatDate(d)}, ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** 'YYYY-MM' chart keys as 'Nov 26'. */
export function formatMonthKey(key: string): string {
  const [year, month] = key.split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${String(year).slice(2)}`;
}

export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1)).trimEnd()}…` : text;
}

export const titleCase = (text: string | null | undefined) =>
  (text ?? '').replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/** Payment methods show underscores as spaces (spec: Payments management). */
export const methodLabel = (method: string | null | undefined) =>
  method === 'upi' ? 'UPI' : (method ?? '-').replace(/_/g, ' ');

/** Lead status colours (spec section 4) and admin role colours (spec section 2). */
export const LEAD_STATUS_COLORS: Record<string, string> = {
  new: 'blue',
  contacted: 'yellow',
  converted: 'green',
  closed: 'gray',
};
export const roleColor = (role: string) => (role === 'super_admin' ? 'purple' : 'blue');
