import {
  CONTACT_IMPORT_CHUNK,
  IST_OFFSET,
  pageMeta,
  REQUEST_TEXTS,
  type TConsentSource,
  type TContactHistory,
  type TContactInput,
  type TContactList,
  type TContactListQuery,
  type TContactSaved,
  type TImportPreview,
  type TImportProgress,
  type TImportRow,
} from '@starloop/contract';
import {
  countContacts,
  findContact,
  findContactsByKeys,
  insertContactImport,
  listContactRequests,
  listContacts as listContactRows,
  lockContactImport,
  lockOwnerForRequests,
  mergePlanOf,
  recordContactImportChunk,
  type TContact,
  type TContactImportRow,
  type TContactUpsert,
  type TDb,
  type TOwnerPublic,
  upsertContacts,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { AppError, badRequest, foundOr404 } from '../../../lib/errors.ts';
import { normalizeEmail, normalizePhone, toContactDto } from './contact-fields.rules.ts';
import { findColumns, planSheet, readContactSheet } from './contact-file.parser.ts';

/**
 * An owner's customers: added one by one or imported from a file (a preview first, then the
 * commit in chunks so the screen can show progress). Every call is scoped to the signed-in owner;
 * another owner's contact is "not found". Names, phones and emails never reach the log.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A previewed file waits this long for its commit. */
const IMPORT_TTL_MS = DAY_MS;
/** The preview lists at most this many rows with errors and this many without. */
const PREVIEW_ERRORS = 1000;
const PREVIEW_SAMPLE = 20;

/** A form's customer, checked and normalised (400 with the field otherwise). */
export function contactUpsertOf(input: TContactInput, now: Date): TContactUpsert {
  const phoneE164 = input.phone ? normalizePhone(input.phone) : undefined;
  if (input.phone && !phoneE164) throw badRequest(REQUEST_TEXTS.phoneInvalid, 'phone');
  const email = input.email ? normalizeEmail(input.email) : undefined;
  if (input.email && !email) throw badRequest(REQUEST_TEXTS.emailInvalid, 'email');
  let consentAt: Date | null = null;
  if (input.consent) {
    consentAt = input.consentAt
      ? new Date(
          /^\d{4}-\d{2}-\d{2}$/.test(input.consentAt)
            ? `${input.consentAt}T00:00:00${IST_OFFSET}`
            : input.consentAt,
        )
      : now;
    if (consentAt.getTime() > now.getTime() + 60_000)
      throw badRequest(REQUEST_TEXTS.consentAtFuture, 'consentAt');
  }
  return {
    name: input.name ?? null,
    phoneE164: phoneE164 ?? null,
    email: email ?? null,
    consent: input.consent,
    consentAt,
    consentSource: input.consent ? (input.consentSource ?? 'in-person') : null,
  };
}

/** Adds or merges one customer inside the caller's transaction (which holds the owner's lock). */
export async function saveContact(
  trx: TDb,
  owner: TOwnerPublic,
  input: TContactInput,
  now: Date,
): Promise<{ contact: TContact; merged: boolean }> {
  const { contacts, conflicts } = await upsertContacts(trx, owner.id, [contactUpsertOf(input, now)], now);
  const contact = contacts[0];
  if (conflicts > 0 || !contact) throw new AppError('CONFLICT', REQUEST_TEXTS.twoContacts, 'email');
  return { contact, merged: contact.merged };
}

export async function addContact(
  deps: Pick<TDeps, 'db' | 'now' | 'log'>,
  owner: TOwnerPublic,
  input: TContactInput,
): Promise<TContactSaved> {
  const { contact, merged } = await deps.db.transaction().execute(async (trx) => {
    await lockOwnerForRequests(trx, owner.id);
    return saveContact(trx, owner, input, deps.now());
  });
  deps.log.info({ ownerId: owner.id, contactId: contact.id, merged }, 'contact saved');
  return {
    contact: toContactDto(contact),
    merged,
    message: merged ? REQUEST_TEXTS.contactMerged : REQUEST_TEXTS.contactAdded,
  };
}

export async function listContacts(
  deps: Pick<TDeps, 'db'>,
  owner: TOwnerPublic,
  query: TContactListQuery,
): Promise<TContactList> {
  const [page, counts] = await Promise.all([
    listContactRows(deps.db, owner.id, query),
    countContacts(deps.db, owner.id),
  ]);
  return {
    contacts: page.rows.map(toContactDto),
    meta: pageMeta(page.total, query.page, query.limit),
    counts,
  };
}

export async function getContactHistory(
  deps: Pick<TDeps, 'db'>,
  owner: TOwnerPublic,
  id: number,
): Promise<TContactHistory> {
  const contact = foundOr404(await findContact(deps.db, owner.id, id), REQUEST_TEXTS.contactNotFound);
  const requests = await listContactRequests(deps.db, owner.id, id);
  const iso = (at: Date | null) => (at ? at.toISOString() : null);
  return {
    contact: toContactDto(contact),
    requests: requests.map((r) => ({
      id: r.id,
      campaign:
        r.campaignId !== null && r.campaignName !== null ? { id: r.campaignId, name: r.campaignName } : null,
      category: r.category,
      status: r.status,
      cancelReason: r.cancelReason,
      channel: r.channel,
      sendAt: r.sendAt.toISOString(),
      sentAt: iso(r.sentAt),
      clicks: r.clicks,
      firstClickedAt: iso(r.firstClickedAt),
      rating: r.rating,
      reviewedAt: iso(r.reviewedAt),
      reminderAt: iso(r.reminderAt),
      reminderSentAt: iso(r.reminderSentAt),
      createdAt: r.createdAt.toISOString(),
      deliveries: r.deliveries.map((d) => ({
        channel: d.channel,
        purpose: d.purpose,
        status: d.status,
        error: d.error,
        createdAt: d.createdAt.toISOString(),
        sentAt: iso(d.sentAt),
        deliveredAt: iso(d.deliveredAt),
        readAt: iso(d.readAt),
      })),
    })),
  };
}

// ------------------------------------------------------------------------------------- import

export interface TImportOptions {
  fileName: string;
  /** "All of these customers agreed to be contacted": consent for rows that do not say. */
  consentForAll: boolean;
  consentSource: TConsentSource | null;
}

const toImportRow = (
  row: TContactImportRow,
  action: TImportRow['action'],
  extra: string[] = [],
): TImportRow => ({
  row: row.row,
  name: row.name,
  phone: row.phoneE164,
  email: row.email,
  consent: row.consent,
  action,
  errors: [...row.errors, ...extra],
});

/** Existing contacts matching any of these customers, read 1,000 keys at a time. */
async function matchingContacts(db: TDb, ownerId: number, customers: TContactImportRow[]) {
  const found: TContact[] = [];
  for (let at = 0; at < customers.length; at += CONTACT_IMPORT_CHUNK) {
    const chunk = customers.slice(at, at + CONTACT_IMPORT_CHUNK);
    found.push(
      ...(await findContactsByKeys(db, ownerId, {
        phones: chunk.flatMap((c) => (c.phoneE164 ? [c.phoneE164] : [])),
        emails: chunk.flatMap((c) => (c.email ? [c.email] : [])),
      })),
    );
  }
  return found;
}

/**
 * Reads a file and answers its preview: every row with its errors, what would be added and what
 * merged (with the owner's customers or an earlier row). Nothing is stored but the import itself,
 * which waits a day for its commit.
 */
export async function previewImport(
  deps: Pick<TDeps, 'db' | 'now' | 'log'>,
  owner: TOwnerPublic,
  file: Buffer,
  options: TImportOptions,
): Promise<TImportPreview> {
  const now = deps.now();
  const sheet = await readContactSheet(file);
  const columns = findColumns(sheet.headers);
  const plan = planSheet(sheet, columns, {
    consentForAll: options.consentForAll,
    consentSource: options.consentSource,
    now,
  });
  const existing = await matchingContacts(deps.db, owner.id, plan.customers);
  const actions = new Map<number, TImportRow['action']>();
  const conflictRows = new Set<number>();
  const customers = plan.customers.filter((customer) => {
    const merge = mergePlanOf(customer, existing);
    if (merge.action === 'conflict') {
      conflictRows.add(customer.row);
      return false;
    }
    actions.set(customer.row, merge.action);
    return true;
  });
  const errors: TImportRow[] = [];
  const sample: TImportRow[] = [];
  let valid = 0;
  for (const row of plan.rows) {
    if (row.errors.length > 0 || conflictRows.has(row.row)) {
      if (errors.length < PREVIEW_ERRORS) {
        errors.push(toImportRow(row, 'error', conflictRows.has(row.row) ? [REQUEST_TEXTS.twoContacts] : []));
      }
      continue;
    }
    const into = plan.mergedInto.get(row.row);
    if (into !== undefined && conflictRows.has(into)) {
      if (errors.length < PREVIEW_ERRORS) errors.push(toImportRow(row, 'error', [REQUEST_TEXTS.twoContacts]));
      continue;
    }
    valid += 1;
    if (sample.length < PREVIEW_SAMPLE) {
      sample.push(
        into === undefined
          ? toImportRow(row, actions.get(row.row) ?? 'create')
          : toImportRow(row, 'merge', [REQUEST_TEXTS.duplicateInFile.replace('{row}', String(into))]),
      );
    }
  }
  const importId = await insertContactImport(deps.db, {
    ownerId: owner.id,
    fileName: options.fileName.slice(0, 200),
    rows: customers,
    expiresAt: new Date(now.getTime() + IMPORT_TTL_MS),
  });
  const header = (at: number | null) => (at === null ? null : (sheet.headers[at] ?? null));
  const toMerge = customers.filter((c) => actions.get(c.row) === 'merge').length;
  deps.log.info({ ownerId: owner.id, importId, rows: plan.rows.length, valid }, 'contacts file previewed');
  return {
    importId,
    fileName: options.fileName,
    total: plan.rows.length,
    valid,
    invalid: plan.rows.length - valid,
    toCreate: customers.length - toMerge,
    toMerge,
    duplicatesInFile: [...plan.mergedInto.values()].filter((into) => !conflictRows.has(into)).length,
    columns: {
      name: header(columns.name),
      phone: header(columns.phone),
      email: header(columns.email),
      consent: header(columns.consent),
    },
    errors,
    sample,
  };
}

/**
 * Stores the next 1,000 customers of a previewed import (merging with the owner's customers as
 * they stand now) and answers the progress; called again until `done`. A repeated call after the
 * last chunk only answers the figures.
 */
export async function commitImport(
  deps: Pick<TDeps, 'db' | 'now' | 'log'>,
  owner: TOwnerPublic,
  importId: number,
): Promise<TImportProgress> {
  const now = deps.now();
  const progress = await deps.db.transaction().execute(async (trx) => {
    const job = foundOr404(
      await lockContactImport(trx, owner.id, importId, now),
      REQUEST_TEXTS.importNotFound,
    );
    let { committed, created, merged, skipped } = job;
    if (job.status !== 'done') {
      await lockOwnerForRequests(trx, owner.id);
      const chunk = job.rows.slice(committed, committed + CONTACT_IMPORT_CHUNK);
      const result = await upsertContacts(
        trx,
        owner.id,
        chunk.map((row) => ({
          name: row.name,
          phoneE164: row.phoneE164,
          email: row.email,
          consent: row.consent,
          consentAt: row.consentAt ? new Date(row.consentAt) : null,
          consentSource: row.consentSource,
        })),
        now,
      );
      committed += chunk.length;
      created += result.contacts.filter((c) => !c.merged).length;
      merged += result.contacts.filter((c) => c.merged).length;
      skipped += result.conflicts;
      await recordContactImportChunk(trx, job.id, {
        committed,
        created,
        merged,
        skipped,
        done: committed >= job.total,
      });
    }
    return { total: job.total, committed, created, merged, skipped };
  });
  const done = progress.committed >= progress.total;
  if (done) deps.log.info({ ownerId: owner.id, importId, ...progress }, 'contacts imported');
  return {
    importId,
    total: progress.total,
    processed: Math.min(progress.committed, progress.total),
    created: progress.created,
    merged: progress.merged,
    skipped: progress.skipped,
    done,
    message: done ? REQUEST_TEXTS.importDone(progress.created, progress.merged) : '',
  };
}
