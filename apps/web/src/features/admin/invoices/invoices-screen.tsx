import { Button, NativeSelect } from '@mantine/core';
import type { TAdminInvoice, TAdminInvoices } from '@starloop/contract';
import { useState } from 'react';
import { col, TwoLines } from '../../../components/data-table/columns.tsx';
import type { TDataTableColumn } from '../../../components/data-table/data-table.tsx';
import { loadError } from '../../../components/data-table/paged-data-table.tsx';
import { usePagedList } from '../../../components/data-table/use-paged-list.ts';
import { notify } from '../../../components/notify.ts';
import { getToken } from '../../../lib/auth.ts';
import { downloadFile } from '../../../lib/download.ts';
import { formatPaise } from '../../../lib/format.ts';
import { AdminListScreen } from '../shared/admin-list-screen.tsx';
import { ChoiceFilter } from '../shared/list-filters.tsx';
import { currentIstMonth, INVOICE_TYPE_FILTERS, invoicesList } from './invoices-list.ts';

export const INVOICES_TEXTS = {
  title: 'Invoices',
  errorTitle: 'Error loading invoices',
  empty: 'No invoices in this month.',
  emptySearch: 'No invoices match your search in this month.',
  exportGstr1: 'Export GSTR-1 (CSV)',
  downloadZip: 'Download PDFs (ZIP)',
  pdf: 'PDF',
  downloadFailed: 'Failed to download the file. Please try again.',
} as const;

/** How many months the month picker offers, the current one first. */
const MONTHS_OFFERED = 24;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** '2026-11' reads 'November 2026'. */
export const monthLabel = (month: string) => {
  const [year, mon] = month.split('-');
  return `${MONTH_NAMES[Number(mon) - 1] ?? mon} ${year}`;
};

/** The last `count` IST months, newest first ('YYYY-MM'), from `current`. */
export function recentMonths(current: string, count = MONTHS_OFFERED): string[] {
  const [year, mon] = current.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) => {
    const index = year * 12 + (mon - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

const TYPE_LABELS = { b2b: 'B2B', b2c: 'B2C' } as const;

/**
 * The document's amount as the books read it: a credit note takes money back, so it shows negative
 * (a zero stays ₹0.00, not -₹0.00).
 */
export const signedPaise = (invoice: Pick<TAdminInvoice, 'kind'>, paise: number) =>
  invoice.kind === 'credit-note' && paise !== 0 ? -Math.abs(paise) : paise;

const amount = (invoice: TAdminInvoice, paise: number) => formatPaise(signedPaise(invoice, paise));

/** GET /api/admin/invoices/export with the admin token: the month's GSTR-1 CSV or its PDFs as a ZIP. */
export function downloadInvoicesExport(month: string, format: 'gstr1' | 'pdf'): Promise<string> {
  return downloadFile(
    `/api/admin/invoices/export?month=${encodeURIComponent(month)}&format=${format}`,
    getToken('admin') ?? null,
    format === 'gstr1' ? `gstr1-${month}.csv` : `invoices-${month}.zip`,
  );
}

/** GET /api/admin/invoices/{id}/pdf with the admin token. */
export function downloadInvoicePdf(invoice: Pick<TAdminInvoice, 'id' | 'number'>): Promise<string> {
  return downloadFile(
    `/api/admin/invoices/${invoice.id}/pdf`,
    getToken('admin') ?? null,
    `${invoice.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`,
  );
}

/**
 * /admin-dashboard/invoices (issue 32 item 10): a month's tax invoices and credit notes (IST month,
 * paise), B2B/B2C and search on the server, totals net of credit notes, the month's GSTR-1 CSV and
 * PDFs as a ZIP, and each document's PDF.
 */
export function InvoicesScreen() {
  const list = usePagedList(invoicesList, {
    totalPages: (data) => (data as TAdminInvoices | undefined)?.totalPages,
  });
  const { query, search } = list;
  const data = query.data;
  const invoices: readonly TAdminInvoice[] = data?.invoices ?? [];
  const totals = data?.totals;

  const current = currentIstMonth();
  const month = search.month ?? current;
  const months = recentMonths(current);
  if (!months.includes(month)) months.push(month);

  // Which file is on its way: 'gstr1', 'pdf' (the ZIP) or a document's id.
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (key: string, fetchFile: () => Promise<unknown>) => {
    setDownloading(key);
    try {
      await fetchFile();
    } catch {
      notify.error(INVOICES_TEXTS.downloadFailed);
    } finally {
      setDownloading(null);
    }
  };

  const columns: TDataTableColumn<TAdminInvoice>[] = [
    col.strong('number', 'Number', (i) => i.number, { nowrap: true }),
    col.date('date', 'Date', (i) => i.date),
    col.text('kind', 'Kind', (i) =>
      i.kind === 'credit-note' ? (
        <TwoLines primary="Credit note" secondary={`against ${i.originalNumber ?? '-'}`} />
      ) : (
        'Invoice'
      ),
    ),
    col.text('recipient', 'Recipient', (i) => (
      <TwoLines primary={i.recipient.legalName} secondary={i.recipient.code ?? '-'} />
    )),
    col.text('gstin', 'GSTIN', (i) => i.recipient.gstin ?? 'B2C', { nowrap: true }),
    col.text('placeOfSupply', 'Place of supply', (i) => i.placeOfSupply),
    ...(
      [
        ['taxableValue', 'Taxable value'],
        ['cgst', 'CGST'],
        ['sgst', 'SGST'],
        ['igst', 'IGST'],
        ['total', 'Total'],
      ] as const
    ).map(([key, header]) =>
      col.text<TAdminInvoice>(key, header, (i) => amount(i, i[key]), { align: 'right', nowrap: true }),
    ),
    col.text('pdf', 'PDF', (i) => (
      <Button
        size="compact-xs"
        variant="light"
        aria-label={`Download PDF ${i.number}`}
        loading={downloading === String(i.id)}
        disabled={downloading !== null && downloading !== String(i.id)}
        onClick={() => void download(String(i.id), () => downloadInvoicePdf(i))}
      >
        {INVOICES_TEXTS.pdf}
      </Button>
    )),
  ];

  return (
    <AdminListScreen
      title={INVOICES_TEXTS.title}
      actions={
        <>
          <Button
            variant="default"
            loading={downloading === 'gstr1'}
            disabled={downloading !== null && downloading !== 'gstr1'}
            onClick={() => void download('gstr1', () => downloadInvoicesExport(month, 'gstr1'))}
          >
            {INVOICES_TEXTS.exportGstr1}
          </Button>
          <Button
            variant="default"
            loading={downloading === 'pdf'}
            disabled={downloading !== null && downloading !== 'pdf'}
            onClick={() => void download('pdf', () => downloadInvoicesExport(month, 'pdf'))}
          >
            {INVOICES_TEXTS.downloadZip}
          </Button>
        </>
      }
      cards={[
        ['Invoices', totals?.invoices],
        ['Credit notes', totals?.creditNotes],
        ['Revenue before tax', formatPaise(totals?.taxableValue ?? 0)],
        ['GST collected', formatPaise(totals ? totals.cgst + totals.sgst + totals.igst : 0)],
        ['Total', formatPaise(totals?.total ?? 0)],
      ]}
      list={list}
      total={data?.total ?? 0}
      label="Invoices"
      columns={columns}
      rows={invoices}
      empty={[INVOICES_TEXTS.emptySearch, INVOICES_TEXTS.empty]}
      error={loadError(query, { title: INVOICES_TEXTS.errorTitle })}
      searchBox={{ placeholder: 'Search invoices...', label: 'Search invoices', debounceMs: 300 }}
      toolbar={
        <>
          <NativeSelect
            label="Month"
            data={months.map((value) => ({ value, label: monthLabel(value) }))}
            value={month}
            // The current month is the default: it stays out of the URL.
            onChange={(event) => {
              const chosen = event.currentTarget.value;
              list.setFilter('month', chosen === current ? undefined : chosen);
            }}
          />
          <ChoiceFilter
            label="Type"
            all="All"
            values={INVOICE_TYPE_FILTERS}
            labelOf={(type) => TYPE_LABELS[type]}
            {...list.filter('type')}
          />
        </>
      }
      minWidth={1400}
    />
  );
}
