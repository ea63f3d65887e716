import { type ExpressionBuilder, sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { Database, TManualPayment } from '../database.ts';
import { inTransaction } from '../transaction.ts';
import { countOf, readPage, sortedWindow, type TPageReader, type TSortedListQuery } from './paging.ts';
import { containsPattern, ownerIdsMatching } from './search.ts';
import { countFromCounters } from './stat-counters.ts';

/** One manual payment linked to one or more owners (an onboarding of several branches). */
export async function insertManualPayment(
  db: TDb,
  payment: {
    amount: number;
    paymentMethod: string;
    status?: string;
    notes?: string | null;
    email?: string | null;
    createdByAdminId?: number | null;
  },
  ownerIds: number[],
): Promise<TManualPayment> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('manualPayments')
      .values(payment)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (ownerIds.length > 0) {
      await trx
        .insertInto('manualPaymentOwners')
        .values(ownerIds.map((ownerId) => ({ manualPaymentId: row.id, ownerId })))
        .execute();
    }
    return row;
  });
}

export async function listManualPaymentOwnerIds(db: TDb, manualPaymentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('manualPaymentOwners')
    .select('ownerId')
    .where('manualPaymentId', '=', manualPaymentId)
    .orderBy('ownerId', 'asc')
    .execute();
  return rows.map((r) => r.ownerId);
}

/** The manual payments (onboarding) that paid for a business, newest first. */
export async function listBusinessManualPayments(db: TDb, businessId: number): Promise<TManualPayment[]> {
  return db
    .selectFrom('manualPayments')
    .innerJoin('manualPaymentOwners', 'manualPaymentOwners.manualPaymentId', 'manualPayments.id')
    .selectAll('manualPayments')
    .where('manualPaymentOwners.ownerId', '=', businessId)
    .orderBy('manualPayments.createdAt', 'desc')
    .orderBy('manualPayments.id', 'desc')
    .execute();
}

// ------------------------------------------------------------------------------ admin list

export interface TAdminManualPaymentRow {
  id: number;
  amount: number;
  paymentMethod: string;
  status: string;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
  owners: { id: number; name: string; businessName: string; contactNumber: string }[];
}

export type TManualPaymentSort = 'id' | 'amount' | 'paymentMethod' | 'createdAt';

type TAdminManualPaymentsQuery = TSortedListQuery<TManualPaymentSort>;

/** Manual payments whose notes, email or method, or a linked owner, contains the term. */
function manualPaymentSearch(search: string | undefined) {
  return (eb: ExpressionBuilder<Database, 'manualPayments'>) => {
    if (!search) return eb.lit(true);
    const pattern = containsPattern(search);
    const linked = sql<number[]>`array(select manual_payment_id from manual_payment_owners
      where owner_id = any(${ownerIdsMatching(pattern)}))`;
    return eb.or([
      eb(
        sql`lower(coalesce(manual_payments.notes, '') || ' ' || coalesce(manual_payments.email, '') || ' ' || manual_payments.payment_method)`,
        'like',
        pattern,
      ),
      eb('manualPayments.id', '=', eb.fn.any(linked)),
    ]);
  };
}

/** Each payment with its linked owners (by owner id). */
async function manualPaymentRows(db: TDb, ids: number[]): Promise<TAdminManualPaymentRow[]> {
  const [payments, links] = await Promise.all([
    db
      .selectFrom('manualPayments')
      .select(['id', 'amount', 'paymentMethod', 'status', 'notes', 'createdAt', 'updatedAt'])
      .where('id', 'in', ids)
      .execute(),
    db
      .selectFrom('manualPaymentOwners')
      .innerJoin('owners', 'owners.id', 'manualPaymentOwners.ownerId')
      .select([
        'manualPaymentOwners.manualPaymentId',
        'owners.id',
        'owners.name',
        'owners.businessName',
        'owners.contactNumber',
      ])
      .where('manualPaymentOwners.manualPaymentId', 'in', ids)
      .orderBy('owners.id', 'asc')
      .execute(),
  ]);
  return payments.map((p) => ({
    ...p,
    amount: Number(p.amount),
    owners: links
      .filter((l) => l.manualPaymentId === p.id)
      .map(({ id, name, businessName, contactNumber }) => ({ id, name, businessName, contactNumber })),
  }));
}

/** The back office's manual payments list; the total comes from the counters unless searching. */
export const listAdminManualPayments: TPageReader<TAdminManualPaymentsQuery, TAdminManualPaymentRow> = (
  db,
  query,
) => {
  const where = manualPaymentSearch(query.search);
  return readPage(query, {
    total: () =>
      query.search
        ? countOf(db.selectFrom('manualPayments').where(where))
        : countFromCounters(db, 'manual:%'),
    readIds: async (window) => {
      const page = db.selectFrom('manualPayments').select('manualPayments.id').where(where);
      const keys =
        query.sortBy === 'id'
          ? (['manualPayments.id'] as const)
          : ([`manualPayments.${query.sortBy}`, 'manualPayments.id'] as const);
      return (await sortedWindow(page, window, keys, query.sortOrder).execute()).map((r) => r.id);
    },
    loadRows: (ids) => manualPaymentRows(db, ids),
  });
};
