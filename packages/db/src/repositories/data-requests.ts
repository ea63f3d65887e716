import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TDataRequestHeld, TDataRequestRow } from '../database.ts';

/**
 * Customers' rights (migration 0035): the "my data" page's one-time codes, what each business
 * holds about a phone or an email, the access and erasure requests (owners' tasks) and the erasure
 * itself. Phones are E.164 and emails lower-cased, as contacts keep them.
 */

export interface TCustomerIdentifier {
  phoneE164?: string;
  email?: string;
}

// ------------------------------------------------------------------------------- one-time codes

export async function insertDataRequestCode(
  db: TDb,
  row: { identifierHash: string; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<number> {
  const inserted = await db
    .insertInto('dataRequestCodes')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** The newest code of the identifier that is unused and unexpired, if any. */
export async function findLiveDataRequestCode(db: TDb, identifierHash: string, now: Date) {
  return db
    .selectFrom('dataRequestCodes')
    .selectAll()
    .where('identifierHash', '=', identifierHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts one wrong guess; answers the attempts so far (undefined when the code is gone). */
export async function countDataRequestCodeAttempt(db: TDb, id: number): Promise<number | undefined> {
  const row = await db
    .updateTable('dataRequestCodes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirst();
  return row ? Number(row.attempts) : undefined;
}

/** Uses the code once: true for the one caller that did. */
export async function spendDataRequestCode(db: TDb, id: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('dataRequestCodes')
    .set({ usedAt: now })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteDataRequestCodesBefore(db: TDb, before: Date): Promise<number> {
  const result = await db.deleteFrom('dataRequestCodes').where('expiresAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ------------------------------------------------------------------------------------ holdings

export interface TCustomerHolding {
  ownerId: number;
  accountId: number;
  businessName: string;
  held: TDataRequestHeld;
}

const emptyHeld = (): TDataRequestHeld => ({
  contacts: 0,
  reviewContacts: 0,
  reviews: 0,
  requests: 0,
  caseMessages: 0,
});

const values = (who: TCustomerIdentifier) =>
  [who.phoneE164, who.email].filter((v): v is string => typeof v === 'string' && v.length > 0);

/**
 * What every business (not deleted) holds about the phone or the email: its customers list
 * (contacts), the contact left under a review (review_contacts), reviews carrying it
 * (reviews.customer_contact), review requests to that customer and case messages to or from it.
 * Businesses holding nothing are absent.
 */
export async function findCustomerHoldings(db: TDb, who: TCustomerIdentifier): Promise<TCustomerHolding[]> {
  const keys = values(who);
  if (keys.length === 0) return [];
  const counts = new Map<number, TDataRequestHeld>();
  const add = (
    rows: { ownerId: number | string; n: number | string | bigint }[],
    key: keyof TDataRequestHeld,
  ) => {
    for (const row of rows) {
      const ownerId = Number(row.ownerId);
      const held = counts.get(ownerId) ?? emptyHeld();
      held[key] += Number(row.n);
      counts.set(ownerId, held);
    }
  };
  const byPhoneOrEmail = <T extends 'contacts' | 'reviewContacts'>(table: T) =>
    db
      .selectFrom(table as 'contacts')
      .select(['ownerId', sql<number>`count(*)`.as('n')])
      .where((eb) =>
        eb.or([
          ...(who.phoneE164 ? [eb('phoneE164', '=', who.phoneE164)] : []),
          ...(who.email ? [eb('email', '=', who.email)] : []),
        ]),
      )
      .groupBy('ownerId')
      .execute();
  add(await byPhoneOrEmail('contacts'), 'contacts');
  add(await byPhoneOrEmail('reviewContacts'), 'reviewContacts');
  add(
    await db
      .selectFrom('reviews')
      .select(['ownerId', sql<number>`count(*)`.as('n')])
      .where((eb) =>
        eb.or([
          eb('customerContact', 'in', keys),
          eb(
            'id',
            'in',
            eb
              .selectFrom('reviewContacts')
              .select('reviewId')
              .where((w) =>
                w.or([
                  ...(who.phoneE164 ? [w('phoneE164', '=', who.phoneE164)] : []),
                  ...(who.email ? [w('email', '=', who.email)] : []),
                ]),
              ),
          ),
        ]),
      )
      .groupBy('ownerId')
      .execute(),
    'reviews',
  );
  add(
    await db
      .selectFrom('reviewRequests')
      .innerJoin('contacts', 'contacts.id', 'reviewRequests.contactId')
      .select(['reviewRequests.ownerId as ownerId', sql<number>`count(*)`.as('n')])
      .where((eb) =>
        eb.or([
          ...(who.phoneE164 ? [eb('contacts.phoneE164', '=', who.phoneE164)] : []),
          ...(who.email ? [eb('contacts.email', '=', who.email)] : []),
        ]),
      )
      .groupBy('reviewRequests.ownerId')
      .execute(),
    'requests',
  );
  add(
    await db
      .selectFrom('caseMessages')
      .select(['ownerId', sql<number>`count(*)`.as('n')])
      .where('recipient', 'in', keys)
      .groupBy('ownerId')
      .execute(),
    'caseMessages',
  );
  if (counts.size === 0) return [];
  const owners = await db
    .selectFrom('owners')
    .select(['id', 'accountId', 'businessName'])
    .where('id', 'in', [...counts.keys()])
    .where('deletedAt', 'is', null)
    .orderBy('businessName')
    .orderBy('id')
    .execute();
  return owners.map((o) => ({
    ownerId: Number(o.id),
    accountId: Number(o.accountId),
    businessName: o.businessName,
    held: counts.get(Number(o.id)) ?? emptyHeld(),
  }));
}

/** The ids of every business of the account(s) these businesses belong to. */
export async function accountSiblingOwnerIds(db: TDb, ownerIds: number[]): Promise<number[]> {
  if (ownerIds.length === 0) return [];
  const rows = await db
    .selectFrom('owners as o')
    .innerJoin('owners as sibling', 'sibling.accountId', 'o.accountId')
    .select('sibling.id')
    .distinct()
    .where('o.id', 'in', ownerIds)
    .execute();
  return rows.map((r) => Number(r.id));
}

// ------------------------------------------------------------------------------------- requests

export interface TDataRequestInsert {
  ownerId: number;
  kind: 'access' | 'erasure';
  identifierKind: 'phone' | 'email';
  identifierHash: string;
  identifierMasked: string;
  identifier: string;
  held: TDataRequestHeld;
  dueAt: Date;
  createdAt: Date;
}

/**
 * Records the requests; one already open for the same business, kind and identifier is kept (the
 * customer asking twice gets the first's due date). Answers the new rows.
 */
export async function insertDataRequests(db: TDb, rows: TDataRequestInsert[]): Promise<TDataRequestRow[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('dataRequests')
    .values(rows.map((r) => ({ ...r, held: JSON.stringify(r.held) })))
    .onConflict((oc) =>
      oc.columns(['ownerId', 'kind', 'identifierHash']).where('status', '=', 'open').doNothing(),
    )
    .returningAll()
    .execute();
}

/** The due date of the open requests of `kind` for the identifier at these businesses, by business. */
export async function openDataRequestDueDates(
  db: TDb,
  where: { identifierHash: string; kind: 'access' | 'erasure'; ownerIds: number[] },
): Promise<Map<number, Date>> {
  if (where.ownerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('dataRequests')
    .select(['ownerId', 'dueAt'])
    .where('identifierHash', '=', where.identifierHash)
    .where('kind', '=', where.kind)
    .where('status', '=', 'open')
    .where('ownerId', 'in', where.ownerIds)
    .execute();
  return new Map(rows.map((r) => [Number(r.ownerId), r.dueAt]));
}

/** A business's requests: open first by due date, then the completed ones newest first (at most 200). */
export async function listOwnerDataRequests(db: TDb, ownerId: number): Promise<TDataRequestRow[]> {
  return db
    .selectFrom('dataRequests')
    .selectAll()
    .where('ownerId', '=', ownerId)
    .orderBy(sql`status = 'open'`, 'desc')
    .orderBy(sql`case when status = 'open' then due_at end`, 'asc')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

export async function findOwnerDataRequest(db: TDb, ownerId: number, id: number) {
  return db
    .selectFrom('dataRequests')
    .selectAll()
    .where('ownerId', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Locks an open request for its completion (undefined when it is no longer open). */
export async function lockOpenDataRequest(db: TDb, id: number) {
  return db
    .selectFrom('dataRequests')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'open')
    .forUpdate()
    .executeTakeFirst();
}

export async function completeDataRequestRow(
  db: TDb,
  id: number,
  how: { status: 'completed' | 'auto_completed'; at: Date; personId: number | null },
): Promise<void> {
  await db
    .updateTable('dataRequests')
    .set({ status: how.status, completedAt: how.at, completedByPersonId: how.personId, identifier: null })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
}

/** Open requests past their due date, oldest first. */
export async function listDueDataRequestIds(db: TDb, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('dataRequests')
    .select('id')
    .where('status', '=', 'open')
    .where('dueAt', '<=', now)
    .orderBy('dueAt')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

// ------------------------------------------------------------------------------------- erasure

/**
 * Erases what one business holds about the phone or the email (call in a transaction, after the
 * scheduled requests to those contacts were cancelled): the customers-list rows (their requests
 * stay as counts, detached), the contacts left under reviews, the contact column of those reviews,
 * and the address of case messages, with the customer's own words in the messages they sent.
 * Reviews keep their rating and text (docs/decisions.md, "Customers' rights").
 */
export async function eraseCustomerData(
  db: TDb,
  ownerId: number,
  who: TCustomerIdentifier,
): Promise<TDataRequestHeld> {
  const keys = values(who);
  const erased = emptyHeld();
  if (keys.length === 0) return erased;
  const reviewContacts = await db
    .deleteFrom('reviewContacts')
    .where('ownerId', '=', ownerId)
    .where((eb) =>
      eb.or([
        ...(who.phoneE164 ? [eb('phoneE164', '=', who.phoneE164)] : []),
        ...(who.email ? [eb('email', '=', who.email)] : []),
      ]),
    )
    .returning('reviewId')
    .execute();
  erased.reviewContacts = reviewContacts.length;
  const reviewIds = reviewContacts.map((r) => Number(r.reviewId));
  const reviews = await db
    .updateTable('reviews')
    .set({ customerContact: null })
    .where('ownerId', '=', ownerId)
    .where((eb) =>
      eb.or([
        eb('customerContact', 'in', keys),
        ...(reviewIds.length > 0 ? [eb('id', 'in', reviewIds)] : []),
      ]),
    )
    .where('customerContact', 'is not', null)
    .executeTakeFirst();
  erased.reviews = Number(reviews.numUpdatedRows);
  const contacts = await db
    .deleteFrom('contacts')
    .where('ownerId', '=', ownerId)
    .where((eb) =>
      eb.or([
        ...(who.phoneE164 ? [eb('phoneE164', '=', who.phoneE164)] : []),
        ...(who.email ? [eb('email', '=', who.email)] : []),
      ]),
    )
    .returning('id')
    .execute();
  erased.contacts = contacts.length;
  const messages = await db
    .updateTable('caseMessages')
    .set((eb) => ({
      recipient: 'erased',
      text: eb
        .case()
        .when('direction', '=', 'in')
        .then("[erased at the customer's request]")
        .else(eb.ref('text'))
        .end(),
      replyToken: null,
    }))
    .where('ownerId', '=', ownerId)
    .where('recipient', 'in', keys)
    .executeTakeFirst();
  erased.caseMessages = Number(messages.numUpdatedRows);
  return erased;
}
