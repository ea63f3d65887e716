import type { TAdminInvoice, TAdminInvoices } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectLoadFailureThenRetry, failingUntilRecovered } from '../test/admin-actions.tsx';
import { lastInputOf, page, pending, renderAdmin, useCleanToasts } from '../test/admin-test-utils.tsx';
import { currentIstMonth } from './invoices-list.ts';
import { INVOICES_TEXTS, monthLabel, recentMonths } from './invoices-screen.tsx';

const PATH = '/admin-dashboard/invoices';
const TITLE = 'Invoices';
const MONTH = recentMonths(currentIstMonth())[2]!;
const AT_MONTH = `${PATH}?month=${MONTH}`;
const lastInput = lastInputOf('admin.invoices.list');

function invoice(overrides: Partial<TAdminInvoice> = {}): TAdminInvoice {
  return {
    id: 9,
    number: 'SL/2026-27/0007',
    kind: 'invoice',
    date: '2026-11-02T09:30:00.000Z',
    taxableValue: 199900,
    cgst: 17991,
    sgst: 17991,
    igst: 0,
    total: 235882,
    paymentId: 501,
    manualPaymentId: null,
    originalNumber: null,
    recipient: {
      legalName: 'Asha Foods Private Limited',
      gstin: '27AABCA1234F1Z5',
      state: 'Maharashtra',
      businessName: 'Asha Cafe',
      code: 'asha-cafe',
    },
    placeOfSupply: 'Maharashtra',
    businessId: 3,
    ...overrides,
  };
}

const creditNote = invoice({
  id: 10,
  number: 'SL/CN/2026-27/0001',
  kind: 'credit-note',
  date: '2026-11-05T09:30:00.000Z',
  paymentId: 501,
  originalNumber: 'SL/2026-27/0007',
  recipient: {
    legalName: 'Ravi Kumar',
    gstin: null,
    state: 'Karnataka',
    businessName: 'Ravi Tiffins',
    code: 'ravi-tiffins',
  },
  placeOfSupply: 'Karnataka',
  cgst: 0,
  sgst: 0,
  igst: 35982,
});

const list = (invoices: TAdminInvoice[], total = invoices.length, page = 1): TAdminInvoices => ({
  invoices,
  totals: {
    invoices: 3,
    creditNotes: 1,
    taxableValue: 399800,
    cgst: 35982,
    sgst: 35982,
    igst: 0,
    total: 471764,
  },
  page,
  totalPages: Math.max(1, Math.ceil(total / 50)),
  total,
});

const card = (label: string) => screen.getByRole('region', { name: label });

/** fetch answering every file request with a small file; the blob URL and the link click stubbed. */
function stubDownloads(filename = 'file.bin') {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response('x', {
        status: 200,
        headers: { 'content-disposition': `attachment; filename="${filename}"` },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return { fetchMock, click };
}

const AUTH = { headers: { Authorization: 'Bearer admin-token' } };

describe('Invoices (the operator books)', { timeout: 15_000 }, () => {
  useCleanToasts();

  it('shows the five cards net of credit notes, and every column', async () => {
    await renderAdmin(AT_MONTH, { 'admin.invoices.list': () => list([invoice(), creditNote], 4) }, TITLE);
    const row = (await page().findByText('SL/2026-27/0007')).closest('tr')!;
    expect(card('Invoices')).toHaveTextContent('3');
    expect(card('Credit notes')).toHaveTextContent('1');
    expect(card('Revenue before tax')).toHaveTextContent('₹3,998.00');
    expect(card('GST collected')).toHaveTextContent('₹719.64');
    expect(card('Total')).toHaveTextContent('₹4,717.64');
    expect(row).toHaveTextContent('Invoice');
    expect(row).toHaveTextContent('Asha Foods Private Limited');
    expect(row).toHaveTextContent('asha-cafe');
    expect(row).toHaveTextContent('27AABCA1234F1Z5');
    expect(row).toHaveTextContent('₹1,999.00');
    expect(row).toHaveTextContent('₹179.91');
    expect(row).toHaveTextContent('₹2,358.82');
    expect(row).not.toHaveTextContent('-₹');
    const headers = within(screen.getByRole('table', { name: 'Invoices' })).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual([
      'Number',
      'Date',
      'Kind',
      'Recipient',
      'GSTIN',
      'Place of supply',
      'Taxable value',
      'CGST',
      'SGST',
      'IGST',
      'Total',
      'PDF',
    ]);
  });

  it('shows a credit note negative, against the invoice it reverses; a recipient without a GSTIN is B2C', async () => {
    await renderAdmin(AT_MONTH, { 'admin.invoices.list': () => list([invoice(), creditNote]) }, TITLE);
    const row = (await page().findByText('SL/CN/2026-27/0001')).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells[2]).toBe('Credit noteagainst SL/2026-27/0007');
    expect(cells[3]).toBe('Ravi Kumarravi-tiffins');
    expect(cells[4]).toBe('B2C');
    expect(cells[5]).toBe('Karnataka');
    expect(cells.slice(6, 11)).toEqual(['-₹1,999.00', '₹0.00', '₹0.00', '-₹359.82', '-₹2,358.82']);
  });

  it('opens on the current IST month, all types, page 1', async () => {
    const app = await renderAdmin(PATH, { 'admin.invoices.list': () => list([invoice()]) }, TITLE);
    await page().findByText('Asha Foods Private Limited');
    expect(lastInput(app)).toEqual({ month: currentIstMonth(), page: 1, type: 'all' });
    const month = page().getByLabelText('Month') as HTMLSelectElement;
    expect(month).toHaveValue(currentIstMonth());
    expect(month.options).toHaveLength(24);
    expect(month.options[0]?.textContent).toBe(monthLabel(currentIstMonth()));
    expect(app.router.state.location.search).toEqual({});
  });

  it('sends the month, the type, the search and the page the admin chooses, back to page 1 on a filter', async () => {
    const app = await renderAdmin(
      `${PATH}?page=2`,
      { 'admin.invoices.list': () => list([invoice()], 120, 2) },
      TITLE,
    );
    await page().findByText('Asha Foods Private Limited');
    expect(lastInput(app)).toEqual({ month: currentIstMonth(), page: 2, type: 'all' });

    await app.user.selectOptions(page().getByLabelText('Month'), MONTH);
    await waitFor(() => expect(lastInput(app)).toEqual({ month: MONTH, page: 1, type: 'all' }));
    expect(app.router.state.location.search).toEqual({ month: MONTH });

    const type = page().getByLabelText('Type') as HTMLSelectElement;
    expect([...type.options].map((o) => o.textContent)).toEqual(['All', 'B2B', 'B2C']);
    await app.user.selectOptions(type, 'b2b');
    await waitFor(() => expect(lastInput(app)).toEqual({ month: MONTH, page: 1, type: 'b2b' }));

    await app.user.type(page().getByLabelText('Search invoices'), 'asha');
    await waitFor(() =>
      expect(lastInput(app)).toEqual({ month: MONTH, page: 1, type: 'b2b', search: 'asha' }),
    );

    await app.user.click(page().getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(lastInput(app)).toEqual({ month: MONTH, page: 3, type: 'b2b', search: 'asha' }),
    );

    // Back to the current month: it leaves the URL.
    await app.user.selectOptions(page().getByLabelText('Month'), currentIstMonth());
    await waitFor(() =>
      expect(lastInput(app)).toEqual({ month: currentIstMonth(), page: 1, type: 'b2b', search: 'asha' }),
    );
    expect(app.router.state.location.search).toEqual({ type: 'b2b', search: 'asha' });
  });

  it("downloads the chosen month's GSTR-1 CSV and PDFs ZIP, and a document's PDF, with the admin token", async () => {
    const { fetchMock, click } = stubDownloads('gstr1.csv');
    const app = await renderAdmin(
      AT_MONTH,
      { 'admin.invoices.list': () => list([invoice(), creditNote]) },
      TITLE,
    );
    await page().findByText('SL/CN/2026-27/0001');

    await app.user.click(page().getByRole('button', { name: INVOICES_TEXTS.exportGstr1 }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(`/api/admin/invoices/export?month=${MONTH}&format=gstr1`, AUTH),
    );
    await app.user.click(page().getByRole('button', { name: INVOICES_TEXTS.downloadZip }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(`/api/admin/invoices/export?month=${MONTH}&format=pdf`, AUTH),
    );
    await app.user.click(page().getByRole('button', { name: 'Download PDF SL/CN/2026-27/0001' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/admin/invoices/10/pdf', AUTH));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(3));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('says when a download failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Enter a month as YYYY-MM"}', { status: 400 })),
    );
    const app = await renderAdmin(AT_MONTH, { 'admin.invoices.list': () => list([invoice()]) }, TITLE);
    await page().findByText('Asha Foods Private Limited');
    await app.user.click(page().getByRole('button', { name: INVOICES_TEXTS.exportGstr1 }));
    expect(await screen.findByText(INVOICES_TEXTS.downloadFailed)).toBeInTheDocument();
    expect(page().getByRole('button', { name: INVOICES_TEXTS.exportGstr1 })).toBeEnabled();
  });

  it('shows skeleton rows while loading and the empty text', async () => {
    const wait = pending();
    await renderAdmin(AT_MONTH, { 'admin.invoices.list': wait.handler }, TITLE);
    expect(page().getAllByTestId('skeleton-row')).toHaveLength(50);
    wait.resolve({ ...list([]), totals: { ...list([]).totals, invoices: 0, creditNotes: 0 } });
    expect(await page().findByText('No invoices in this month.')).toBeInTheDocument();
  });

  it("shows the error under 'Error loading invoices' with Retry", async () => {
    const failing = failingUntilRecovered('Invoices store unavailable', () => list([invoice()]));
    const app = await renderAdmin(AT_MONTH, { 'admin.invoices.list': failing.handler }, TITLE);
    await expectLoadFailureThenRetry(app, {
      texts: ['Error loading invoices', 'Invoices store unavailable'],
      retry: 'Retry',
      recover: failing.recover,
      shows: 'Asha Foods Private Limited',
    });
  });
});
