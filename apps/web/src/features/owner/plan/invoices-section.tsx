import { Badge, Button, Text } from '@mantine/core';
import { INVOICE_TEXTS, type TOwnerInvoice } from '@starloop/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { col } from '../../../components/data-table/columns.tsx';
import { notify } from '../../../components/notify.ts';
import { SectionCard } from '../../../components/section-card/section-card.tsx';
import { SimpleTable, type TTableColumn } from '../../../components/simple-table/simple-table.tsx';
import { anyMessage } from '../../../lib/api-errors.ts';
import { getToken } from '../../../lib/auth.ts';
import { downloadFile } from '../../../lib/download.ts';
import { formatPaise } from '../../../lib/format.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';

export const INVOICES_TEXT = {
  title: 'Invoices',
  hint: 'A GST tax invoice for every payment, and a credit note for every refund.',
  download: 'PDF',
  failed: 'Could not download the invoice. Please try again.',
} as const;

/** GET /api/users/invoices/{id}/pdf with the owner's token, saved as its file. */
export async function downloadInvoice(invoice: Pick<TOwnerInvoice, 'id' | 'number'>): Promise<void> {
  await downloadFile(
    `/api/users/invoices/${invoice.id}/pdf`,
    getToken('owner') ?? null,
    `${invoice.number.replaceAll('/', '-')}.pdf`,
  );
}

const signed = (invoice: TOwnerInvoice, paise: number) =>
  invoice.kind === 'credit-note' ? `-${formatPaise(paise)}` : formatPaise(paise);

/** The account's invoices and credit notes (owner.account.invoices), each downloadable as a PDF. For owners. */
export function InvoicesSection() {
  const trpc = useTrpc();
  const invoices = useQuery(trpc.owner.account.invoices.queryOptions());
  const [downloading, setDownloading] = useState<number | null>(null);
  const download = async (invoice: TOwnerInvoice) => {
    setDownloading(invoice.id);
    try {
      await downloadInvoice(invoice);
    } catch (error) {
      notify.error(anyMessage(error, INVOICES_TEXT.failed));
    } finally {
      setDownloading(null);
    }
  };
  const columns: TTableColumn<TOwnerInvoice>[] = [
    col.date('date', 'Date', (i) => i.date),
    col.text('number', 'Number', (i) => (
      <Text size="sm" ff="monospace">
        {i.number}
      </Text>
    )),
    col.text('kind', 'Kind', (i) =>
      i.kind === 'invoice' ? (
        'Tax invoice'
      ) : (
        <Badge color="orange" variant="light">
          Credit note
        </Badge>
      ),
    ),
    col.text('taxable', 'Price', (i) => signed(i, i.taxableValue), { align: 'right', nowrap: true }),
    col.text('gst', 'GST', (i) => signed(i, i.cgst + i.sgst + i.igst), { align: 'right', nowrap: true }),
    col.text('total', 'Total', (i) => signed(i, i.total), { align: 'right', nowrap: true }),
    col.text('pdf', '', (i) => (
      <Button
        size="compact-sm"
        variant="light"
        loading={downloading === i.id}
        aria-label={`${INVOICES_TEXT.download} ${i.number}`}
        onClick={() => void download(i)}
      >
        {INVOICES_TEXT.download}
      </Button>
    )),
  ];
  const rows = invoices.data?.invoices ?? [];
  return (
    <SectionCard titleId="invoices-title" title={INVOICES_TEXT.title} gap="md">
      <Text size="sm" c="dimmed">
        {INVOICES_TEXT.hint}
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {INVOICE_TEXTS.noInvoices}
        </Text>
      ) : (
        <SimpleTable
          verticalSpacing="sm"
          striped
          scroll={{ minWidth: 560 }}
          columns={columns}
          rows={rows}
          rowKey={(i) => i.id}
        />
      )}
    </SectionCard>
  );
}
