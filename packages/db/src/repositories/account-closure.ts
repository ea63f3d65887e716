import { sql } from 'kysely';
import type { TDb } from '../client.ts';

/*
 * Closing an account (issue 35, item 2; migration 0034): the owner closes it, its live businesses
 * are soft-deleted at the same instant (so every job that skips deleted owners skips them) and
 * carry owners.closed_at (the review page's closed page; what a reopen restores). 30 days later,
 * after the emails, the account is erased by the soft-deleted owners' purge, its reviews first
 * counted into erased_review_aggregates. And the per-account retention of item 4.
 */

export interface TAccountClosure {
  accountId: number;
  closedAt: Date;
  closedByPersonId: number | null;
  erasureNotices: number;
}

const DAY_MS = 86_400_000;

/** The account's closure, or undefined while it is open (or gone). */
export async function findAccountClosure(db: TDb, accountId: number): Promise<TAccountClosure | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select(['id', 'closedAt', 'closedByPersonId', 'erasureNotices'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!row?.closedAt) return undefined;
  return {
    accountId: row.id,
    closedAt: row.closedAt,
    closedByPersonId: row.closedByPersonId,
    erasureNotices: row.erasureNotices,
  };
}

/**
 * Closes an open account at `now`, in the caller's transaction: the account, its live businesses
 * (soft-deleted and marked closed), their scheduled requests and campaigns (cancelled), its API keys
 * (revoked) and its people's sessions (revoked).
 * Returns the businesses closed, or undefined when the account was closed already.
 */
export async function closeAccount(
  trx: TDb,
  accountId: number,
  personId: number,
  now: Date,
): Promise<number[] | undefined> {
  const closed = await trx
    .updateTable('accounts')
    .set({ closedAt: now, closedByPersonId: personId, erasureNotices: 0, updatedAt: now })
    .where('id', '=', accountId)
    .where('closedAt', 'is', null)
    .executeTakeFirst();
  if (Number(closed.numUpdatedRows) !== 1) return undefined;
  const businesses = await trx
    .updateTable('owners')
    .set({ deletedAt: now, closedAt: now, updatedAt: now })
    .where('accountId', '=', accountId)
    .where('deletedAt', 'is', null)
    .returning('id')
    .execute();
  // Nothing waits to be sent for it: scheduled requests and campaigns are cancelled (a reopen does
  // not bring them back; the send worker skips deleted owners for anything already handed over).
  const closedIds = businesses.map((b) => b.id);
  if (closedIds.length > 0) {
    await trx
      .updateTable('reviewRequests')
      .set({ status: 'cancelled', cancelReason: 'account-closed' })
      .where('ownerId', 'in', closedIds)
      .where('status', '=', 'scheduled')
      .execute();
    await trx
      .updateTable('requestCampaigns')
      .set({ status: 'cancelled' })
      .where('ownerId', 'in', closedIds)
      .where('status', '=', 'scheduled')
      .execute();
  }
  await trx
    .updateTable('apiKeys')
    .set({ revokedAt: now })
    .where('ownerId', 'in', (eb) =>
      eb.selectFrom('owners').select('owners.id').where('owners.accountId', '=', accountId),
    )
    .where('revokedAt', 'is', null)
    .execute();
  await trx
    .updateTable('authSessions')
    .set({ revokedAt: now })
    .where('subjectKind', '=', 'owner')
    .where('subjectId', 'in', (eb) =>
      eb
        .selectFrom('memberships')
        .select('memberships.personId')
        .where('memberships.accountId', '=', accountId),
    )
    .where('revokedAt', 'is', null)
    .execute();
  return businesses.map((b) => b.id);
}

/**
 * Reopens a closed account in the caller's transaction: the businesses its closure soft-deleted
 * come back (those deleted before stay deleted); API keys and sessions stay revoked. Returns the
 * businesses restored, or undefined when the account is not closed.
 */
export async function reopenAccount(trx: TDb, accountId: number, now: Date): Promise<number[] | undefined> {
  const account = await trx
    .selectFrom('accounts')
    .select('closedAt')
    .where('id', '=', accountId)
    .forUpdate()
    .executeTakeFirst();
  if (!account?.closedAt) return undefined;
  const restored = await trx
    .updateTable('owners')
    .set({ deletedAt: null, closedAt: null, updatedAt: now })
    .where('accountId', '=', accountId)
    .where('closedAt', 'is not', null)
    .returning('id')
    .execute();
  await trx
    .updateTable('accounts')
    .set({ closedAt: null, closedByPersonId: null, erasureNotices: 0, updatedAt: now })
    .where('id', '=', accountId)
    .execute();
  return restored.map((b) => b.id);
}

/** Closed accounts, the longest-closed first (the erasure job's work list). */
export async function listClosedAccounts(db: TDb, limit: number): Promise<TAccountClosure[]> {
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'closedAt', 'closedByPersonId', 'erasureNotices'])
    .where('closedAt', 'is not', null)
    .orderBy('closedAt', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    accountId: r.id,
    closedAt: r.closedAt as Date,
    closedByPersonId: r.closedByPersonId,
    erasureNotices: r.erasureNotices,
  }));
}

/**
 * Claims an erasure notice: moves the count from `from` to `from + 1` while the account is still
 * closed at `closedAt` (a reopen, or another instance, makes it false), so each email goes once.
 */
export async function claimErasureNotice(
  db: TDb,
  accountId: number,
  closedAt: Date,
  from: number,
): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({ erasureNotices: from + 1 })
    .where('id', '=', accountId)
    .where('closedAt', '=', closedAt)
    .where('erasureNotices', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The account's owners (role owner) with an email: who is told before the erasure. */
export async function listAccountOwnerEmails(
  db: TDb,
  accountId: number,
): Promise<{ personId: number; name: string; email: string }[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('persons', 'persons.id', 'memberships.personId')
    .select(['persons.id', 'persons.name', 'persons.email'])
    .where('memberships.accountId', '=', accountId)
    .where('memberships.role', '=', 'owner')
    .where('persons.email', 'is not', null)
    .orderBy('persons.id')
    .execute();
  return rows.map((r) => ({ personId: r.id, name: r.name, email: r.email as string }));
}

/** Every business of the account, deleted or not (what its erasure purges). */
export async function listAccountBusinessIds(db: TDb, accountId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('owners')
    .select('id')
    .where('accountId', '=', accountId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Deletes up to `batch` reviews of a business of a closed account and counts them, in the same
 * statement, into erased_review_aggregates (month, rating): the operator's figures keep them, with
 * no business, text or contact. The closure must still hold (closed before `before`).
 */
export async function eraseClosedBusinessReviews(
  db: TDb,
  ownerId: number,
  before: Date,
  batch: number,
): Promise<number> {
  const result = await sql<{ n: number }>`
    with gone as (
      delete from reviews where id in (
        select reviews.id from reviews
        join owners on owners.id = reviews.owner_id
        join accounts on accounts.id = owners.account_id
        where reviews.owner_id = ${ownerId} and accounts.closed_at < ${before}
        limit ${batch}
      )
      returning created_at, rating
    ), counted as (
      insert into erased_review_aggregates (month, rating, reviews)
      select date_trunc('month', created_at at time zone 'UTC')::date, rating, count(*)::int
      from gone group by 1, 2
      returning reviews
    )
    select coalesce(sum(reviews), 0)::int as n from counted`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

// ------------------------------------------------------------ retention (issue 35, item 4)

export interface TRetentionSettings {
  contactRetentionDays: number;
  feedbackRetentionDays: number;
}

export async function findRetentionSettings(
  db: TDb,
  accountId: number,
): Promise<TRetentionSettings | undefined> {
  return db
    .selectFrom('accounts')
    .select(['contactRetentionDays', 'feedbackRetentionDays'])
    .where('id', '=', accountId)
    .executeTakeFirst();
}

export async function updateRetentionSettings(
  db: TDb,
  accountId: number,
  settings: TRetentionSettings,
  now: Date,
): Promise<TRetentionSettings | undefined> {
  return db
    .updateTable('accounts')
    .set({ ...settings, updatedAt: now })
    .where('id', '=', accountId)
    .returning(['contactRetentionDays', 'feedbackRetentionDays'])
    .executeTakeFirst();
}

/** `now` minus an account's retention column, in SQL. */
const cutoff = (now: Date, column: 'contact_retention_days' | 'feedback_retention_days') =>
  sql`${now}::timestamptz - accounts.${sql.ref(column)} * interval '1 day'`;

/**
 * Customer contact details past their account's retention: the contact a customer left with a
 * review (review_contacts rows and the free-text customer_contact), and the request list's
 * contacts not asked for a review since. An opted-out contact stays (its opt-out must go on being
 * honoured; it holds nothing else the owner can use). Returns the rows removed or cleared.
 */
export async function purgeExpiredContacts(db: TDb, now: Date): Promise<number> {
  const reviewContacts = await sql`
    delete from review_contacts using owners, accounts
    where owners.id = review_contacts.owner_id and accounts.id = owners.account_id
      and review_contacts.created_at < ${cutoff(now, 'contact_retention_days')}`.execute(db);
  const customerContacts = await sql`
    update reviews set customer_contact = null from owners, accounts
    where owners.id = reviews.owner_id and accounts.id = owners.account_id
      and reviews.customer_contact is not null
      and reviews.created_at < ${cutoff(now, 'contact_retention_days')}`.execute(db);
  const contacts = await sql`
    delete from contacts using owners, accounts
    where owners.id = contacts.owner_id and accounts.id = owners.account_id
      and contacts.opted_out_at is null
      and coalesce(contacts.last_requested_at, contacts.updated_at) < ${cutoff(now, 'contact_retention_days')}`.execute(
    db,
  );
  return [reviewContacts, customerContacts, contacts].reduce((n, r) => n + Number(r.numAffectedRows ?? 0), 0);
}

/** Feedback text past its account's retention: the review stays (rating, date), its text goes. */
export async function purgeExpiredFeedbackText(db: TDb, now: Date): Promise<number> {
  const result = await sql`
    update reviews set message = '' from owners, accounts
    where owners.id = reviews.owner_id and accounts.id = owners.account_id
      and reviews.message <> ''
      and reviews.created_at < ${cutoff(now, 'feedback_retention_days')}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The day the closed account's data is erased: 30 days after closing. */
export const erasureDate = (closedAt: Date, days: number): Date =>
  new Date(closedAt.getTime() + days * DAY_MS);
