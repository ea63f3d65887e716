import { Badge, Button, Text } from '@mantine/core';
import type { TOwnerInvoice } from '@starloop/contract';
import { fill } from '@starloop/review-page';
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
import { en } from '../../../lib/owner-i18n/en.ts';
import { useOwnerMessages } from '../../../lib/owner-i18n/owner-messages.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';

/** The English texts (the catalog's). */
export const INVOICES_TEXT = en.plan.invoices;

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
  const t = useOwnerMessages().plan.invoices;
  const trpc = useTrpc();
  const invoices = useQuery(trpc.owner.account.invoices.queryOptions());
  const [downloading, setDownloading] = useState<number | null>(null);
  const download = async (invoice: TOwnerInvoice) => {
    setDownloading(invoice.id);
    try {
      await downloadInvoice(invoice);
    } catch (error) {
      notify.error(anyMessage(error, t.failed));
    } finally {
      setDownloading(null);
    }
  };
  const columns: TTableColumn<TOwnerInvoice>[] = [
    col.date('date', t.date, (i) => i.date),
    col.text('number', t.number, (i) => (
      <Text size="sm" ff="monospace">
        {i.number}
      </Text>
    )),
    col.text('kind', t.kind, (i) =>
      i.kind === 'invoice' ? (
        t.taxInvoice
      ) : (
        <Badge color="orange" variant="light">
          {t.creditNote}
        </Badge>
      ),
    ),
    col.text('taxable', t.price, (i) => signed(i, i.taxableValue), { align: 'right', nowrap: true }),
    col.text('gst', t.gst, (i) => signed(i, i.cgst + i.sgst + i.igst), { align: 'right', nowrap: true }),
    col.text('total', t.total, (i) => signed(i, i.total), { align: 'right', nowrap: true }),
    col.text('pdf', '', (i) => (
      <Button
        size="compact-sm"
        variant="light"
        loading={downloading === i.id}
        aria-label={fill(t.downloadOne, { number: i.number })}
        onClick={() => void download(i)}
      >
        {t.download}
      </Button>
    )),
  ];
  const rows = invoices.data?.invoices ?? [];
  return (
    <SectionCard titleId="invoices-title" title={t.title} gap="md">
      <Text size="sm" c="dimmed">
        {t.hint}
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {t.empty}
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
