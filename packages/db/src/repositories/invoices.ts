import { type Insertable, sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { InvoiceTable, TInvoice, TInvoiceKind, TInvoiceParty } from '../database.ts';

/** Tax invoices and credit notes (migration 0024). */

export type TNewInvoice = Omit<Insertable<InvoiceTable>, 'supplier' | 'recipient'> & {
  supplier: TInvoiceParty;
  recipient: TInvoiceParty;
};

/**
 * The next serial of a series in a financial year, in the caller's transaction. The series row stays
 * locked until that transaction ends, so concurrent issuers (on any instance) take turns, and a
 * rollback gives the number back: serials have no gaps and are never reused.
 */
export async function nextInvoiceSerial(
  trx: TDb,
  series: TInvoiceKind,
  financialYear: string,
): Promise<number> {
  const row = await trx
    .insertInto('invoiceSeries')
    .values({ series, financialYear, lastSerial: 1 })
    .onConflict((oc) =>
      oc
        .columns(['series', 'financialYear'])
        .doUpdateSet({ lastSerial: sql`invoice_series.last_serial + 1` }),
    )
    .returning('lastSerial')
    .executeTakeFirstOrThrow();
  return row.lastSerial;
}

export async function insertInvoice(trx: TDb, invoice: TNewInvoice): Promise<TInvoice> {
  return trx
    .insertInto('invoices')
    .values({
      ...invoice,
      supplier: JSON.stringify(invoice.supplier),
      recipient: JSON.stringify(invoice.recipient),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findInvoiceById(db: TDb, id: number): Promise<TInvoice | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findInvoiceOfPayment(
  db: TDb,
  paymentId: number,
  kind: TInvoiceKind,
): Promise<TInvoice | undefined> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('paymentId', '=', paymentId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export async function findInvoiceOfManualPayment(
  db: TDb,
  manualPaymentId: number,
  kind: TInvoiceKind,
): Promise<TInvoice | undefined> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('manualPaymentId', '=', manualPaymentId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** An account's invoices and credit notes, newest first. */
export async function listAccountInvoices(db: TDb, accountId: number, limit = 500): Promise<TInvoice[]> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('accountId', '=', accountId)
    .orderBy('issuedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export interface TInvoiceMonthQuery {
  from: Date;
  to: Date;
  search?: string | undefined;
  b2b?: boolean | undefined;
}

const monthInvoices = (db: TDb, query: TInvoiceMonthQuery) => {
  let q = db.selectFrom('invoices').where('issuedAt', '>=', query.from).where('issuedAt', '<', query.to);
  if (query.b2b !== undefined) {
    q = q.where(sql<boolean>`(recipient->>'gstin' is not null)`, '=', query.b2b);
  }
  if (query.search) {
    const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(
      sql<string>`lower(number || ' ' || coalesce(recipient->>'legalName', '') || ' ' || coalesce(recipient->>'gstin', '') || ' ' || coalesce(recipient->>'code', ''))`,
      'like',
      pattern,
    );
  }
  return q;
};

/** A month's invoices and credit notes (issued in [from, to)), oldest first, a page at a time. */
export async function listInvoicesOfMonth(
  db: TDb,
  query: TInvoiceMonthQuery & { offset: number; limit: number },
): Promise<TInvoice[]> {
  return monthInvoices(db, query)
    .selectAll()
    .orderBy('issuedAt', 'asc')
    .orderBy('id', 'asc')
    .offset(query.offset)
    .limit(query.limit)
    .execute();
}

export interface TInvoiceTotals {
  count: number;
  invoices: number;
  creditNotes: number;
  /** Net of credit notes (paise). */
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/** Counts and totals of a month's documents; credit notes count against the invoices. */
export async function invoiceTotalsOfMonth(db: TDb, query: TInvoiceMonthQuery): Promise<TInvoiceTotals> {
  const sign = sql<number>`case when kind = 'credit-note' then -1 else 1 end`;
  const row = await monthInvoices(db, query)
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number>`count(*) filter (where kind = 'invoice')::int`.as('invoices'),
      sql<number>`count(*) filter (where kind = 'credit-note')::int`.as('creditNotes'),
      sql<number>`coalesce(sum(${sign} * taxable_value), 0)::bigint`.as('taxableValue'),
      sql<number>`coalesce(sum(${sign} * cgst), 0)::bigint`.as('cgst'),
      sql<number>`coalesce(sum(${sign} * sgst), 0)::bigint`.as('sgst'),
      sql<number>`coalesce(sum(${sign} * igst), 0)::bigint`.as('igst'),
      sql<number>`coalesce(sum(${sign} * total), 0)::bigint`.as('total'),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

/**
 * Captured payments with no invoice yet (captured while the operator had no billing profile),
 * oldest capture first, so saving the profile issues them in the order they were paid.
 */
export async function listCapturedPaymentsWithoutInvoice(db: TDb, limit = 500): Promise<number[]> {
  const rows = await db
    .selectFrom('payments')
    .select('payments.id')
    .where('payments.status', '=', 'captured')
    .where('payments.ownerId', 'is not', null)
    .where(sql<boolean>`payments.taxable_value <> payments.amount`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('invoices')
            .select('invoices.id')
            .whereRef('invoices.paymentId', '=', 'payments.id')
            .where('invoices.kind', '=', 'invoice'),
        ),
      ),
    )
    .orderBy('payments.capturedAt', 'asc')
    .orderBy('payments.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
