import type { TCaseAlertKind, TCaseStatus, TMemberRole, TSentimentLabel } from '@starloop/contract';
import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TAlertPreferenceRow, TRenewalWhatsAppState } from '../database.ts';

/*
 * Case alerts to the team (migration 0032): each person's choices, the claim of a case's new and
 * overdue alert (once each), the alerts waiting for a person, and the batches that carried them
 * (one email and one WhatsApp message each).
 */

export type TAlertPreferenceValues = Omit<TAlertPreferenceRow, 'personId' | 'updatedAt'>;

/** A person's alert choices; undefined: they never changed the defaults. */
export async function findAlertPreferences(
  db: TDb,
  personId: number,
): Promise<TAlertPreferenceRow | undefined> {
  return db.selectFrom('alertPreferences').selectAll().where('personId', '=', personId).executeTakeFirst();
}

/** Writes a person's alert choices (the whole set). */
export async function saveAlertPreferences(
  db: TDb,
  personId: number,
  values: TAlertPreferenceValues,
): Promise<TAlertPreferenceRow> {
  return db
    .insertInto('alertPreferences')
    .values({ personId, ...values })
    .onConflict((oc) => oc.column('personId').doUpdateSet({ ...values, updatedAt: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A case whose alert was just claimed: whom it may go to is decided from these. */
export interface TClaimedCase {
  id: number;
  ownerId: number;
  assigneePersonId: number | null;
  /** The person who opened it by hand (the review drawer); null: opened by its review. */
  openedBy: number | null;
}

/**
 * Claims the new-case alert of the branch's cases opened after `since` that have none yet: each
 * case is claimed by one caller only (the UPDATE's row lock), however many jobs run at once.
 */
export async function claimNewCaseAlerts(
  trx: TDb,
  ownerId: number,
  { since, now, limit = 500 }: { since: Date; now: Date; limit?: number },
): Promise<TClaimedCase[]> {
  const rows = await trx
    .updateTable('cases')
    .set({ alertedAt: now })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('cases')
        .select('id')
        .where('ownerId', '=', ownerId)
        .where('alertedAt', 'is', null)
        .where('createdAt', '>', since)
        .orderBy('createdAt', 'asc')
        .limit(limit),
    )
    .where('alertedAt', 'is', null)
    .returning(['id', 'ownerId', 'assigneePersonId'])
    .execute();
  if (rows.length === 0) return [];
  const openers = await trx
    .selectFrom('caseEvents')
    .select(['caseId', 'actorPersonId'])
    .where(
      'caseId',
      'in',
      rows.map((row) => row.id),
    )
    .where('kind', '=', 'opened')
    .where('actorPersonId', 'is not', null)
    .execute();
  const openedBy = new Map(openers.map((o) => [Number(o.caseId), Number(o.actorPersonId)]));
  return rows.map((row) => ({ ...claimed(row), openedBy: openedBy.get(Number(row.id)) ?? null }));
}

/**
 * Claims the overdue alert of cases whose first-response target passed in (since, now] with no
 * response yet, oldest due first; a case is claimed once (skip locked: two ticks share the work).
 */
export async function claimOverdueCaseAlerts(
  trx: TDb,
  { since, now, limit = 500 }: { since: Date; now: Date; limit?: number },
): Promise<TClaimedCase[]> {
  const rows = await trx
    .updateTable('cases')
    .set({ overdueAlertedAt: now })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('cases')
        .select('id')
        .where('firstResponseAt', 'is', null)
        .where('overdueAlertedAt', 'is', null)
        .where('dueAt', '<=', now)
        .where('dueAt', '>', since)
        .where('status', '<>', 'resolved')
        .orderBy('dueAt', 'asc')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .where('overdueAlertedAt', 'is', null)
    .returning(['id', 'ownerId', 'assigneePersonId'])
    .execute();
  return rows.map(claimed);
}

const claimed = (row: { id: number; ownerId: number; assigneePersonId: number | null }): TClaimedCase => ({
  id: Number(row.id),
  ownerId: Number(row.ownerId),
  assigneePersonId: row.assigneePersonId === null ? null : Number(row.assigneePersonId),
  openedBy: null,
});

/** Branches with a case opened in (from, to] whose new-case alert was never claimed (a lost job). */
export async function listBranchesWithUnalertedCases(
  db: TDb,
  { from, to, limit = 100 }: { from: Date; to: Date; limit?: number },
): Promise<number[]> {
  const rows = await db
    .selectFrom('cases')
    .select('ownerId')
    .distinct()
    .where('alertedAt', 'is', null)
    .where('createdAt', '>', from)
    .where('createdAt', '<=', to)
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.ownerId));
}

/** A member of an account as alerts see them: role, branches, where to reach them and their choices. */
export interface TAlertMember {
  personId: number;
  role: TMemberRole;
  /** null: every branch. */
  businessIds: number[] | null;
  email: string | null;
  phone: string;
  preferences: TAlertPreferenceValues | null;
  /** Whether the person has a live Web Push subscription (migration 0037). */
  push: boolean;
}

/** Every member of the account with their alert choices (one statement). */
export async function listAlertMembers(db: TDb, accountId: number): Promise<TAlertMember[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('persons', 'persons.id', 'memberships.personId')
    .leftJoin('alertPreferences', 'alertPreferences.personId', 'memberships.personId')
    .select([
      'memberships.personId',
      'memberships.role',
      'memberships.businessIds',
      'persons.email',
      'persons.phone',
      'alertPreferences.personId as preferencesOf',
      'alertPreferences.newCaseEmail',
      'alertPreferences.newCaseWhatsapp',
      'alertPreferences.overdueEmail',
      'alertPreferences.overdueWhatsapp',
      'alertPreferences.quietStart',
      'alertPreferences.quietEnd',
      'alertPreferences.newCasePush',
      'alertPreferences.overduePush',
      'alertPreferences.renewalPush',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('pushSubscriptions')
              .select(sql.lit(1).as('one'))
              .whereRef('pushSubscriptions.personId', '=', 'memberships.personId')
              .where('pushSubscriptions.disabledAt', 'is', null),
          )
          .as('push'),
    ])
    .where('memberships.accountId', '=', accountId)
    .orderBy('memberships.createdAt', 'asc')
    .orderBy('memberships.personId', 'asc')
    .execute();
  return rows.map((row) => ({
    personId: Number(row.personId),
    role: row.role,
    // int8[] arrives as text on node-postgres.
    businessIds: row.businessIds?.map(Number) ?? null,
    email: row.email,
    phone: row.phone,
    push: Boolean(row.push),
    preferences:
      row.preferencesOf === null
        ? null
        : {
            newCaseEmail: row.newCaseEmail!,
            newCaseWhatsapp: row.newCaseWhatsapp!,
            overdueEmail: row.overdueEmail!,
            overdueWhatsapp: row.overdueWhatsapp!,
            quietStart: row.quietStart,
            quietEnd: row.quietEnd,
            newCasePush: row.newCasePush!,
            overduePush: row.overduePush!,
            renewalPush: row.renewalPush!,
          },
  }));
}

/** Queues alerts to people (a case's alert of one kind reaches a person once). */
export async function insertCaseAlerts(
  trx: TDb,
  alerts: readonly { caseId: number; personId: number; kind: TCaseAlertKind; createdAt: Date }[],
): Promise<void> {
  if (alerts.length === 0) return;
  await trx
    .insertInto('caseAlerts')
    .values([...alerts])
    .onConflict((oc) => oc.constraint('case_alerts_once').doNothing())
    .execute();
}

/**
 * People with an alert created in (from, to] still waiting (a delivery that failed after its alert
 * was written), with their quiet hours so the caller can leave those still in them alone.
 */
export async function listPeopleWithWaitingAlerts(
  db: TDb,
  { from, to, limit = 100 }: { from: Date; to: Date; limit?: number },
): Promise<{ personId: number; quietStart: number | null; quietEnd: number | null }[]> {
  const rows = await db
    .selectFrom('caseAlerts as a')
    .leftJoin('alertPreferences as p', 'p.personId', 'a.personId')
    .select(['a.personId', 'p.quietStart', 'p.quietEnd'])
    .distinct()
    .where('a.batchId', 'is', null)
    .where('a.createdAt', '>', from)
    .where('a.createdAt', '<=', to)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, personId: Number(row.personId) }));
}

/** The person an alert goes to, locked for the caller's transaction: their alerts go one batch at a time. */
export async function lockAlertPerson(
  trx: TDb,
  personId: number,
): Promise<{ id: number; name: string; email: string | null; phone: string } | undefined> {
  // FOR NO KEY UPDATE: inserting alerts that reference the person (a key-share lock) still goes on.
  return trx
    .selectFrom('persons')
    .select(['id', 'name', 'email', 'phone'])
    .where('id', '=', personId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** When the person's last batch went out on a channel (null: never). */
export async function lastCaseAlertBatchAt(db: TDb, personId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('caseAlertBatches')
    .select('createdAt')
    .where('personId', '=', personId)
    .where((eb) =>
      eb.or([eb('emailId', 'is not', null), eb('whatsappState', 'is not', null), eb('push', '=', true)]),
    )
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.createdAt ?? null;
}

/** An alert waiting for its batch, with what a message says about its case. */
export interface TWaitingCaseAlert {
  id: number;
  kind: TCaseAlertKind;
  caseId: number;
  createdAt: Date;
  rating: number;
  status: TCaseStatus;
  caseCreatedAt: Date;
  dueAt: Date;
  firstResponseAt: Date | null;
  message: string;
  customerContact: string | null;
  sentimentLabel: TSentimentLabel | null;
  businessId: number;
  businessName: string;
  city: string | null;
  /** The branch was deleted meanwhile. */
  branchDeleted: boolean;
}

/** The alerts waiting for a person, oldest first (at most `limit`). */
export function listWaitingCaseAlerts(db: TDb, personId: number, limit = 1000): Promise<TWaitingCaseAlert[]> {
  return caseAlertsWhere(db, { personId }, limit);
}

/** The alerts a batch carried, oldest first. */
export function listBatchCaseAlerts(db: TDb, batchId: number): Promise<TWaitingCaseAlert[]> {
  return caseAlertsWhere(db, { batchId }, 1000);
}

async function caseAlertsWhere(
  db: TDb,
  of: { personId: number } | { batchId: number },
  limit: number,
): Promise<TWaitingCaseAlert[]> {
  const rows = await db
    .selectFrom('caseAlerts as a')
    .innerJoin('cases', 'cases.id', 'a.caseId')
    // A Google review's case has no QR review (migration 0031): its text and sentiment are Google's.
    .leftJoin('reviews', 'reviews.id', 'cases.reviewId')
    .leftJoin('googleReviews', 'googleReviews.id', 'cases.googleReviewId')
    .innerJoin('owners', 'owners.id', 'cases.ownerId')
    .select([
      'a.id',
      'a.kind',
      'a.caseId',
      'a.createdAt',
      'cases.rating',
      'cases.status',
      'cases.createdAt as caseCreatedAt',
      'cases.dueAt',
      'cases.firstResponseAt',
      sql<string>`coalesce(reviews.message, google_reviews.comment, '')`.as('message'),
      'reviews.customerContact',
      sql<TSentimentLabel | null>`coalesce(reviews.sentiment_label, google_reviews.sentiment_label)`.as(
        'sentimentLabel',
      ),
      'owners.id as businessId',
      'owners.businessName',
      'owners.city',
      sql<boolean>`owners.deleted_at is not null`.as('branchDeleted'),
    ])
    .$if('personId' in of, (q) =>
      q.where('a.personId', '=', (of as { personId: number }).personId).where('a.batchId', 'is', null),
    )
    .$if('batchId' in of, (q) => q.where('a.batchId', '=', (of as { batchId: number }).batchId))
    .orderBy('a.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    caseId: Number(row.caseId),
    businessId: Number(row.businessId),
    branchDeleted: Boolean(row.branchDeleted),
  }));
}

/** Alerts that have nothing left to say (their case was answered or its branch deleted meanwhile). */
export async function dropCaseAlerts(trx: TDb, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .deleteFrom('caseAlerts')
    .where('id', 'in', [...ids])
    .where('batchId', 'is', null)
    .execute();
}

/** Records a batch and moves its alerts into it; answers the batch's id. */
export async function insertCaseAlertBatch(
  trx: TDb,
  batch: {
    personId: number;
    createdAt: Date;
    alertIds: readonly number[];
    whatsapp: boolean;
    push?: boolean;
  },
): Promise<number> {
  const row = await trx
    .insertInto('caseAlertBatches')
    .values({
      personId: batch.personId,
      createdAt: batch.createdAt,
      alertCount: batch.alertIds.length,
      whatsappState: batch.whatsapp ? 'pending' : null,
      push: batch.push ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await trx
    .updateTable('caseAlerts')
    .set({ batchId: id })
    .where('id', 'in', [...batch.alertIds])
    .execute();
  return id;
}

/** The email of a batch (its outbox row). */
export async function setCaseAlertBatchEmail(trx: TDb, id: number, emailId: number): Promise<void> {
  await trx.updateTable('caseAlertBatches').set({ emailId }).where('id', '=', id).execute();
}

/** A batch whose WhatsApp message waits to be sent, with the number it goes to. */
export interface TPendingCaseAlertWhatsApp {
  id: number;
  personId: number;
  phone: string;
  createdAt: Date;
}

/** Batches whose WhatsApp message is pending, made after `since` (or the one `id`). */
export async function listPendingCaseAlertWhatsApps(
  db: TDb,
  options: { since: Date; id?: number; limit?: number },
): Promise<TPendingCaseAlertWhatsApp[]> {
  const rows = await db
    .selectFrom('caseAlertBatches as b')
    .innerJoin('persons', 'persons.id', 'b.personId')
    .select(['b.id', 'b.personId', 'persons.phone', 'b.createdAt'])
    .where('b.whatsappState', '=', 'pending')
    .where('b.createdAt', '>', options.since)
    .$if(options.id !== undefined, (q) => q.where('b.id', '=', options.id!))
    .orderBy('b.createdAt', 'asc')
    .limit(options.limit ?? 500)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), personId: Number(row.personId) }));
}

/** Pending WhatsApp messages older than `before`: too late to be an alert any more. */
export async function expireCaseAlertWhatsApps(db: TDb, before: Date): Promise<number> {
  const result = await db
    .updateTable('caseAlertBatches')
    .set({ whatsappState: 'expired', whatsappUpdatedAt: new Date() })
    .where('whatsappState', '=', 'pending')
    .where('createdAt', '<=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Takes a batch's pending WhatsApp message to send it (false: another run took it). */
export async function claimCaseAlertWhatsApp(db: TDb, id: number): Promise<boolean> {
  const result = await db
    .updateTable('caseAlertBatches')
    .set({ whatsappState: 'sending', whatsappUpdatedAt: new Date() })
    .where('id', '=', id)
    .where('whatsappState', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How a batch's WhatsApp message ended ('pending' again: it may be retried). */
export async function settleCaseAlertWhatsApp(
  db: TDb,
  id: number,
  outcome: { state: TRenewalWhatsAppState; messageId?: string | null; error?: string | null },
): Promise<void> {
  await db
    .updateTable('caseAlertBatches')
    .set({
      whatsappState: outcome.state,
      ...(outcome.messageId !== undefined ? { whatsappMessageId: outcome.messageId } : {}),
      ...(outcome.error !== undefined ? { whatsappError: outcome.error?.slice(0, 500) ?? null } : {}),
      whatsappUpdatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/** A person's batches, newest first, with the alerts each carried (tests, support). */
export async function listCaseAlertBatches(db: TDb, personId: number) {
  const batches = await db
    .selectFrom('caseAlertBatches')
    .selectAll()
    .where('personId', '=', personId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const alerts = batches.length
    ? await db
        .selectFrom('caseAlerts')
        .select(['batchId', 'caseId', 'kind'])
        .where(
          'batchId',
          'in',
          batches.map((b) => b.id),
        )
        .orderBy('id', 'asc')
        .execute()
    : [];
  return batches.map((batch) => ({
    ...batch,
    id: Number(batch.id),
    alerts: alerts
      .filter((a) => Number(a.batchId) === Number(batch.id))
      .map((a) => ({ caseId: Number(a.caseId), kind: a.kind })),
  }));
}
