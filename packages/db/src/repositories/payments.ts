import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TNewPayment, TPayment } from '../database.ts';
import { qualified } from './columns.ts';
import {
  readDirection,
  readPage,
  sortedWindow,
  type TIdsPageSource,
  type TPageReader,
  type TPageRequest,
  toCount,
  windowOf,
} from './paging.ts';
import { containsPattern } from './search.ts';
import { countFromCounters } from './stat-counters.ts';

/** Payments kept after their owner was purged (owner_id null) are part of no payment flow. */
type TOfOwner = { ownerId: number };

export async function insertPayment(db: TDb, payment: TNewPayment): Promise<TPayment> {
  return (
    db
      .insertInto('payments')
      // Without a tax split the amount is all price (no GST on it).
      .values({
        taxableValue: payment.amount - (payment.cgst ?? 0) - (payment.sgst ?? 0) - (payment.igst ?? 0),
        ...payment,
      })
      .returningAll()
      .$narrowType<TOfOwner>()
      .executeTakeFirstOrThrow()
  );
}

/** Payments of an owner (those kept after their owner was purged are in no payment flow). */
const ownersPayments = (db: TDb) =>
  db.selectFrom('payments').selectAll().where('ownerId', 'is not', null).$narrowType<TOfOwner>();

export async function findPaymentById(db: TDb, id: number): Promise<TPayment | undefined> {
  return ownersPayments(db).where('id', '=', id).executeTakeFirst();
}

export async function findPaymentByOrderId(db: TDb, orderId: string): Promise<TPayment | undefined> {
  return ownersPayments(db).where('razorpayOrderId', '=', orderId).executeTakeFirst();
}

/** Locks the payment row for the rest of the transaction (verify and webhook may race). */
export async function lockPaymentByOrderId(db: TDb, orderId: string): Promise<TPayment | undefined> {
  return ownersPayments(db).where('razorpayOrderId', '=', orderId).forUpdate().executeTakeFirst();
}

export async function updatePayment(
  db: TDb,
  id: number,
  patch: Partial<Omit<TNewPayment, 'id' | 'createdAt'>>,
): Promise<TPayment | undefined> {
  return db
    .updateTable('payments')
    .set({ ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .where('ownerId', 'is not', null)
    .returningAll()
    .$narrowType<TOfOwner>()
    .executeTakeFirst();
}

export async function listOwnerPayments(db: TDb, ownerId: number): Promise<TPayment[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('ownerId', '=', ownerId)
    .$narrowType<TOfOwner>()
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * The owner has paid for real at least once: a captured payment that was not applied to nobody (a
 * registration attempt captured after its phone or code was taken is not the owner's payment).
 */
export async function hasAppliedCapturedPayment(db: TDb, ownerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .leftJoin('registrationAttempts', 'registrationAttempts.paymentId', 'payments.id')
    .select('payments.id')
    .where('payments.ownerId', '=', ownerId)
    .where('payments.status', '=', 'captured')
    .where((eb) =>
      eb.or([
        eb('registrationAttempts.outcome', 'is', null),
        eb('registrationAttempts.outcome', '!=', 'needs_refund'),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function listStalePendingPayments(db: TDb, olderThan: Date, limit = 100): Promise<TPayment[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'pending')
    .where('createdAt', '<', olderThan)
    .where('ownerId', 'is not', null)
    .$narrowType<TOfOwner>()
    .orderBy('createdAt', 'asc')
    .limit(limit)
    .execute();
}

// ------------------------------------------------------------------------------ admin payments list

/** What the back office shows for the owner of a payment kept after that owner was purged. */
export const DELETED_ACCOUNT = 'Deleted account';

/** The payment's own columns in the back office's list. */
const ADMIN_PAYMENT_COLUMNS = [
  'id',
  'ownerId',
  'plan',
  'purpose',
  'amount',
  'status',
  'paymentMethod',
  'razorpayOrderId',
  'razorpayPaymentId',
  'razorpaySignature',
  'createdAt',
] as const;

export interface TAdminPaymentRow
  extends Pick<TPayment, Exclude<(typeof ADMIN_PAYMENT_COLUMNS)[number], 'ownerId'>> {
  /** null for a payment kept after its owner was purged; its owner columns then read 'Deleted account'. */
  ownerId: number | null;
  ownerName: string;
  businessName: string;
  code: string;
  contactNumber: string;
  /** Captured for a registration attempt whose phone or code was taken by then: applied to nobody, not refunded yet. */
  needsRefund: boolean;
  refundedAt: Date | null;
}

type TAdminPaymentsQuery = TPageRequest & { search?: string | undefined };

/** A whole Razorpay order or payment id, as pasted from the Razorpay dashboard. */
const PROVIDER_ID = /^(order|pay)_[A-Za-z0-9]+$/;
const PAYMENT_ID_TEXT = sql`lower(coalesce(razorpay_order_id, '') || ' ' || coalesce(razorpay_payment_id, ''))`;

/**
 * How to find the ids of a page of payments, newest first. A search matches the order or payment
 * id (contains) or the owner (name, business, code, phone, email); a whole provider id is looked
 * up exactly first. The owner matches are resolved once, and each branch is counted and paged on
 * its own index.
 */
async function paymentIds(
  db: TDb,
  search: string | undefined,
): Promise<Pick<TIdsPageSource<TAdminPaymentRow>, 'total' | 'readIds'>> {
  if (!search) {
    return {
      total: () => countFromCounters(db, 'payments:%'),
      readIds: async (window) =>
        (
          await sortedWindow(db.selectFrom('payments').select('id'), window, ['createdAt', 'id']).execute()
        ).map((r) => r.id),
    };
  }
  if (PROVIDER_ID.test(search)) {
    const exact = await db
      .selectFrom('payments')
      .select('id')
      .where((eb) => eb.or([eb('razorpayOrderId', '=', search), eb('razorpayPaymentId', '=', search)]))
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const ids = exact.map((r) => r.id);
    if (ids.length > 0) return { total: ids.length, readIds: async (window) => windowOf(ids, window) };
  }
  const pattern = containsPattern(search);
  const owners = await sql<{ id: number }>`select id from owners where search_text like ${pattern}`.execute(
    db,
  );
  const ownerIds = owners.rows.map((r) => Number(r.id));
  return {
    total: async () => {
      const counted = await sql<{ count: number }>`
        select (select count(*) from payments where owner_id = any(${ownerIds}::bigint[]))
             + (select count(*) from payments
                where ${PAYMENT_ID_TEXT} like ${pattern} and not coalesce(owner_id = any(${ownerIds}::bigint[]), false)) as count`.execute(
        db,
      );
      return toCount(counted.rows[0]);
    },
    readIds: async (window) => {
      const direction = sql.raw(readDirection(window));
      const take = window.offset + window.limit;
      const page = await sql<{ id: number }>`
        select id from (
          (select id, created_at from payments where owner_id = any(${ownerIds}::bigint[])
           order by created_at ${direction}, id ${direction} limit ${take})
          union
          (select id, created_at from payments where ${PAYMENT_ID_TEXT} like ${pattern}
           order by created_at ${direction}, id ${direction} limit ${take})
        ) matched
        order by created_at ${direction}, id ${direction} limit ${window.limit} offset ${window.offset}`.execute(
        db,
      );
      return page.rows.map((r) => Number(r.id));
    },
  };
}

/** The back office's payments list; the total comes from the counters unless searching. */
export const listAdminPayments: TPageReader<TAdminPaymentsQuery, TAdminPaymentRow> = async (db, query) =>
  readPage(query, {
    ...(await paymentIds(db, query.search)),
    loadRows: (ids) =>
      db
        .selectFrom('payments')
        // A left join: payments kept after their owner was purged stay in the list (and its total).
        .leftJoin('owners', 'owners.id', 'payments.ownerId')
        .leftJoin('registrationAttempts', 'registrationAttempts.paymentId', 'payments.id')
        .select([
          ...qualified('payments', ADMIN_PAYMENT_COLUMNS),
          sql<string>`coalesce(owners.name, ${DELETED_ACCOUNT})`.as('ownerName'),
          sql<string>`coalesce(owners.business_name, ${DELETED_ACCOUNT})`.as('businessName'),
          sql<string>`coalesce(owners.code, '')`.as('code'),
          sql<string>`coalesce(owners.contact_number, '')`.as('contactNumber'),
          sql<boolean>`coalesce(registration_attempts.outcome = 'needs_refund' and registration_attempts.refunded_at is null, false)`.as(
            'needsRefund',
          ),
          'registrationAttempts.refundedAt',
        ])
        .where('payments.id', 'in', ids)
        .execute(),
  });
