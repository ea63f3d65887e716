import type { TConsentSource, TContactFilter, TOptOutSource, TRequestChannel } from '@starloop/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { Database, TContact } from '../database.ts';
import { inChunks } from './chunks.ts';
import { lockOwnerRow } from './owner-limits.ts';
import { countOf, countRows, readPage, sortedWindow, type TPage, type TPageRequest } from './paging.ts';
import { rowFinder } from './records.ts';
import { containsPattern } from './search.ts';

/**
 * An owner's customers (migration 0016). A phone (E.164) or an email is one contact per owner:
 * adds and imports merge on them. An opt-out is final for that owner.
 */

/** A customer as a form or a file row gives it, already normalised (E.164, lower-cased email). */
export interface TContactUpsert {
  name: string | null;
  phoneE164: string | null;
  email: string | null;
  consent: boolean;
  consentAt: Date | null;
  consentSource: TConsentSource | null;
}

/** Takes the owner's row lock: adds, imports and requests of one owner then run one at a time. */
export async function lockOwnerForRequests(db: TDb, ownerId: number): Promise<void> {
  await lockOwnerRow(db, ownerId);
}

/** The owner's contacts with any of these phones or emails. */
export async function findContactsByKeys(
  db: TDb,
  ownerId: number,
  keys: { phones: string[]; emails: string[] },
): Promise<TContact[]> {
  if (keys.phones.length === 0 && keys.emails.length === 0) return [];
  return db
    .selectFrom('contacts')
    .selectAll()
    .where('ownerId', '=', ownerId)
    .where((eb) =>
      eb.or([
        ...(keys.phones.length > 0 ? [eb('phoneE164', 'in', keys.phones)] : []),
        ...(keys.emails.length > 0 ? [eb('email', 'in', keys.emails)] : []),
      ]),
    )
    .execute();
}

export type TMergePlan =
  | { action: 'create' }
  | { action: 'merge'; contact: TContact }
  | { action: 'conflict' };

/**
 * What adding `row` would do given the owner's matching contacts: a phone and an email naming two
 * different contacts is a conflict (the owner decides, nothing is guessed).
 */
export function mergePlanOf(
  row: Pick<TContactUpsert, 'phoneE164' | 'email'>,
  existing: TContact[],
): TMergePlan {
  const byPhone = row.phoneE164 ? existing.find((c) => c.phoneE164 === row.phoneE164) : undefined;
  const byEmail = row.email ? existing.find((c) => c.email === row.email) : undefined;
  if (byPhone && byEmail && byPhone.id !== byEmail.id) return { action: 'conflict' };
  const contact = byPhone ?? byEmail;
  return contact ? { action: 'merge', contact } : { action: 'create' };
}

/**
 * A merge keeps what the contact has and fills what it lacks; a new name replaces the old; consent
 * given is recorded, consent missing never withdraws it (withdrawal is an opt-out).
 */
function mergedValues(contact: TContact, row: TContactUpsert) {
  const gainsConsent = row.consent && !contact.consent;
  return {
    name: row.name ?? contact.name,
    phoneE164: contact.phoneE164 ?? row.phoneE164,
    email: contact.email ?? row.email,
    consent: contact.consent || row.consent,
    consentAt: gainsConsent ? row.consentAt : contact.consentAt,
    consentSource: gainsConsent ? row.consentSource : contact.consentSource,
  };
}

/**
 * Adds or merges customers of one owner (call inside a transaction holding lockOwnerForRequests):
 * one read of the matching contacts, one INSERT for the new ones, one UPDATE per merged one.
 * Rows must not name one customer twice (the import merges those first).
 */
export async function upsertContacts(
  db: TDb,
  ownerId: number,
  rows: TContactUpsert[],
  now: Date,
): Promise<{ contacts: (TContact & { merged: boolean })[]; conflicts: number }> {
  const existing = await findContactsByKeys(db, ownerId, {
    phones: rows.flatMap((r) => (r.phoneE164 ? [r.phoneE164] : [])),
    emails: rows.flatMap((r) => (r.email ? [r.email] : [])),
  });
  const creates: TContactUpsert[] = [];
  const merges: { contact: TContact; row: TContactUpsert }[] = [];
  let conflicts = 0;
  const taken = new Set<number>();
  for (const row of rows) {
    const plan = mergePlanOf(row, existing);
    if (plan.action === 'conflict') conflicts += 1;
    else if (plan.action === 'create') creates.push(row);
    else if (taken.has(plan.contact.id)) conflicts += 1;
    else {
      taken.add(plan.contact.id);
      merges.push({ contact: plan.contact, row });
    }
  }
  const out: (TContact & { merged: boolean })[] = [];
  if (creates.length > 0) {
    const inserted = await db
      .insertInto('contacts')
      .values(creates.map((row) => ({ ownerId, ...row, createdAt: now, updatedAt: now })))
      .returningAll()
      .execute();
    out.push(...inserted.map((c) => ({ ...c, merged: false })));
  }
  for (const { contact, row } of merges) {
    const updated = await db
      .updateTable('contacts')
      .set({ ...mergedValues(contact, row), updatedAt: now })
      .where('id', '=', contact.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    out.push({ ...updated, merged: true });
  }
  return { contacts: out, conflicts };
}

export const findContact = rowFinder('contacts', (ownerId: number, id: number) => ({ id, ownerId }));

/** The owner's contacts among `ids` (others' and unknown ids are simply absent). */
export async function findOwnerContacts(db: TDb, ownerId: number, ids: number[]): Promise<TContact[]> {
  if (ids.length === 0) return [];
  return inChunks(ids, (chunk) =>
    db.selectFrom('contacts').selectAll().where('ownerId', '=', ownerId).where('id', 'in', chunk).execute(),
  );
}

/** A contact requests may go to: not opted out, and consent given. */
const reachable = (eb: ExpressionBuilder<Database, 'contacts'>) =>
  eb.and([eb('optedOutAt', 'is', null), eb('consent', '=', true)]);

/** Every contact of the owner who has not opted out and has given consent. */
export async function listReachableContacts(db: TDb, ownerId: number): Promise<TContact[]> {
  return db
    .selectFrom('contacts')
    .selectAll()
    .where('ownerId', '=', ownerId)
    .where(reachable)
    .orderBy('id')
    .execute();
}

export type TContactFilterValue = TContactFilter;

/** The owner's contacts, newest first, searched over name, phone and email. */
export async function listContacts(
  db: TDb,
  ownerId: number,
  query: TPageRequest & { search?: string | undefined; filter: TContactFilterValue },
): Promise<TPage<TContact>> {
  let base = db.selectFrom('contacts').where('ownerId', '=', ownerId);
  if (query.filter === 'opted-out') base = base.where('optedOutAt', 'is not', null);
  if (query.filter === 'reachable') base = base.where(reachable);
  if (query.search) {
    const pattern = containsPattern(query.search);
    const digits = query.search.replace(/\D/g, '');
    base = base.where((eb) =>
      eb.or([
        eb(sql<string>`lower(coalesce(name, ''))`, 'like', pattern),
        eb(sql<string>`coalesce(email, '')`, 'like', pattern),
        ...(digits.length >= 3 ? [eb(sql<string>`coalesce(phone_e164, '')`, 'like', `%${digits}%`)] : []),
      ]),
    );
  }
  return readPage(query, {
    total: () => countOf(base),
    readRows: (window) => sortedWindow(base.selectAll(), window, ['createdAt', 'id']).execute(),
  });
}

export async function countContacts(db: TDb, ownerId: number): Promise<{ total: number; optedOut: number }> {
  return countRows(db.selectFrom('contacts').where('ownerId', '=', ownerId), {
    total: sql`true`,
    optedOut: sql`opted_out_at is not null`,
  });
}

/**
 * Marks contacts opted out (the ones not already), by id or by phone/email (one owner's, or every
 * owner's when `ownerId` is absent). Answers the contacts newly marked.
 */
export async function markContactsOptedOut(
  db: TDb,
  who: { ids?: number[]; ownerId?: number; phoneE164?: string; email?: string },
  how: { source: TOptOutSource; channel: TRequestChannel | null; at: Date },
): Promise<{ id: number; ownerId: number; phoneE164: string | null; email: string | null }[]> {
  const byKey = [who.phoneE164, who.email].some(Boolean);
  if (!who.ids?.length && !byKey) return [];
  let query = db
    .updateTable('contacts')
    .set({
      optedOutAt: how.at,
      optOutSource: how.source,
      optOutChannel: how.channel,
      updatedAt: how.at,
    })
    .where('optedOutAt', 'is', null);
  if (who.ownerId !== undefined) query = query.where('ownerId', '=', who.ownerId);
  if (who.ids?.length) query = query.where('id', 'in', who.ids);
  else
    query = query.where((eb) =>
      eb.or([
        ...(who.phoneE164 ? [eb('phoneE164', '=', who.phoneE164)] : []),
        ...(who.email ? [eb('email', '=', who.email)] : []),
      ]),
    );
  return query.returning(['id', 'ownerId', 'phoneE164', 'email']).execute();
}

export async function setContactsLastRequested(db: TDb, ids: number[], at: Date): Promise<void> {
  await inChunks(ids, (chunk) =>
    db.updateTable('contacts').set({ lastRequestedAt: at }).where('id', 'in', chunk).execute(),
  );
}
