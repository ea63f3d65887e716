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
/**
 * A count as en-IN writes it (12,34,567). Whole numbers are grouped here: the first Intl number
 * format a page makes costs 50-100 ms of CPU (its locale data), four times that on a cheap phone,
 * and the dashboard's first screen shows only counts. Anything else goes through Intl.
 */
export function formatNumber(value: number): string {
  if (!Number.isSafeInteger(value)) return NUMBER().format(value);
  const digits = String(Math.abs(value));
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${lastThree}` : lastThree;
  return value < 0 ? `-${grouped}` : grouped;
}
/** Ratings always show one decimal. */
export const formatRating = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '0.0');
export const formatPercent = (value: number) => `${Math.round(value)}%`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/*
 * The reader's time zone: the browser's own (the Date getters), unless set. The server's drawing
 * of the dashboard (ssr/owner-page-render.tsx) sets the person's, as their browser reported it, so
 * the drawn times are the ones the browser then draws (a server's clock is often UTC).
 */
let readerTimeZone: { zone: string; format: Intl.DateTimeFormat } | undefined;

export function setReaderTimeZone(zone: string | undefined): void {
  readerTimeZone = zone
    ? {
        zone,
        format: new Intl.DateTimeFormat('en-GB', {
          timeZone: zone,
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          hourCycle: 'h23',
        }),
      }
    : undefined;
}

/** Year, month (0-11), day, hour and minute of a moment in the reader's time zone. */
function readerParts(d: Date): [number, number, number, number, number] {
  if (!readerTimeZone) return [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()];
  const part = Object.fromEntries(
    readerTimeZone.format.formatToParts(d).map((p) => [p.type, Number(p.value)]),
  );
  return [part.year ?? 0, (part.month ?? 1) - 1, part.day ?? 0, part.hour ?? 0, part.minute ?? 0];
}

const two = (n: number) => String(n).padStart(2, '0');

/** dd MMM yyyy in the reader's time zone: 05 Nov 2026. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '-';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '-';
  const [year, month, day] = readerParts(d);
  return `${two(day)} ${MONTHS[month]} ${year}`;
}

/** 05 Nov 2026, 14:05. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '-';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '-';
  const [, , , hour, minute] = readerParts(d);
  return `${formatDate(d)}, ${two(hour)}:${two(minute)}`;
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
