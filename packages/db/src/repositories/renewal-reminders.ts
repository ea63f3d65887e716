import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TRenewalReminderKind, TRenewalWhatsAppState } from '../database.ts';

/** Renewal reminders (migration 0025), with their WhatsApp message (migration 0028). */

export interface TRenewalDue {
  businessId: number;
  accountId: number;
  businessName: string;
  code: string;
  plan: 'essential' | 'professional';
  subscriptionEnd: Date;
  ownerName: string;
  /** The person the reminder is addressed to (the account's first owner): their Web Push. */
  ownerPersonId: number;
  email: string | null;
  contactNumber: string;
  lastReminderAt: Date | null;
}

/**
 * Active businesses whose paid period ends in [from, to), soonest first, with where their owner
 * is reached and when the last reminder went.
 */
export async function listRenewalsDue(
  db: TDb,
  range: { from: Date; to: Date; businessId?: number },
  limit = 500,
): Promise<TRenewalDue[]> {
  return (
    db
      .selectFrom('owners')
      // The account's first owner: the one the reminder is addressed to.
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('memberships')
            .innerJoin('persons', 'persons.id', 'memberships.personId')
            .select(['persons.id', 'persons.name', 'persons.email'])
            .whereRef('memberships.accountId', '=', 'owners.accountId')
            .where('memberships.role', '=', 'owner')
            .orderBy('memberships.personId', 'asc')
            .limit(1)
            .as('persons'),
        (join) => join.onTrue(),
      )
      .select([
        'owners.id as businessId',
        'owners.accountId',
        'owners.businessName',
        'owners.code',
        'owners.plan',
        sql<Date>`owners.subscription_end`.as('subscriptionEnd'),
        'persons.name as ownerName',
        'persons.id as ownerPersonId',
        sql<string | null>`coalesce(persons.email, owners.email)`.as('email'),
        'owners.contactNumber',
        (eb) =>
          eb
            .selectFrom('renewalReminders')
            .select((r) => r.fn.max('renewalReminders.sentAt').as('at'))
            .whereRef('renewalReminders.businessId', '=', 'owners.id')
            .as('lastReminderAt'),
      ])
      .where('owners.deletedAt', 'is', null)
      .where('owners.status', '=', 'active')
      .where('owners.subscriptionEnd', '>=', range.from)
      .where('owners.subscriptionEnd', '<', range.to)
      .$if(range.businessId !== undefined, (q) => q.where('owners.id', '=', range.businessId!))
      .orderBy('owners.subscriptionEnd', 'asc')
      .orderBy('owners.id', 'asc')
      .limit(limit)
      .execute() as Promise<TRenewalDue[]>
  );
}

/**
 * Records a reminder; an automatic one only once per business, period and kind. `whatsapp`: its
 * WhatsApp message is to be sent too (state 'pending'). Answers the new row's id (undefined:
 * already sent).
 */
export async function recordRenewalReminder(
  db: TDb,
  reminder: {
    businessId: number;
    periodEnd: Date;
    kind: TRenewalReminderKind;
    adminId?: number | null;
    whatsapp?: boolean;
  },
): Promise<number | undefined> {
  const { whatsapp, ...row } = reminder;
  const inserted = await db
    .insertInto('renewalReminders')
    .values({ ...row, adminId: row.adminId ?? null, whatsappState: whatsapp ? 'pending' : null })
    .onConflict((oc) =>
      oc.columns(['businessId', 'periodEnd', 'kind']).where('kind', '<>', 'manual').doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** A reminder whose WhatsApp message is still to go, with what decides whether it still should. */
export interface TPendingRenewalWhatsApp {
  id: number;
  businessId: number;
  periodEnd: Date;
  kind: TRenewalReminderKind;
  businessName: string;
  contactNumber: string;
  /** The business's period end now (a renewal moved it when it differs from periodEnd). */
  subscriptionEnd: Date | null;
  /** Active and not deleted. */
  live: boolean;
  /** No later reminder of this business supersedes it. */
  newest: boolean;
}

/** Reminders whose WhatsApp message is pending (`id` alone: that one, if pending), oldest first. */
export async function listPendingRenewalWhatsApps(
  db: TDb,
  options: { id?: number; limit?: number } = {},
): Promise<TPendingRenewalWhatsApp[]> {
  return db
    .selectFrom('renewalReminders as r')
    .innerJoin('owners', 'owners.id', 'r.businessId')
    .select([
      'r.id',
      'r.businessId',
      sql<Date>`r.period_end`.as('periodEnd'),
      'r.kind',
      'owners.businessName',
      'owners.contactNumber',
      sql<Date | null>`owners.subscription_end`.as('subscriptionEnd'),
      sql<boolean>`(owners.status = 'active' and owners.deleted_at is null)`.as('live'),
      sql<boolean>`not exists (select 1 from renewal_reminders later
        where later.business_id = r.business_id and later.id > r.id)`.as('newest'),
    ])
    .where('r.whatsappState', '=', 'pending')
    .$if(options.id !== undefined, (q) => q.where('r.id', '=', options.id!))
    .orderBy('r.id', 'asc')
    .limit(options.limit ?? 500)
    .execute();
}

/** Takes a pending WhatsApp message to send it (false: another run took it, or it is not pending). */
export async function claimRenewalWhatsApp(db: TDb, id: number): Promise<boolean> {
  const result = await db
    .updateTable('renewalReminders')
    .set((eb) => ({
      whatsappState: 'sending',
      whatsappAttempts: eb('whatsappAttempts', '+', 1),
      whatsappUpdatedAt: new Date(),
    }))
    .where('id', '=', id)
    .where('whatsappState', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records how a WhatsApp message of a reminder ended ('pending' again: it may be retried). */
export async function settleRenewalWhatsApp(
  db: TDb,
  id: number,
  outcome: { state: TRenewalWhatsAppState; messageId?: string | null; error?: string | null },
): Promise<void> {
  await db
    .updateTable('renewalReminders')
    .set({
      whatsappState: outcome.state,
      ...(outcome.messageId !== undefined ? { whatsappMessageId: outcome.messageId } : {}),
      ...(outcome.error !== undefined ? { whatsappError: outcome.error?.slice(0, 500) ?? null } : {}),
      whatsappUpdatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/** An owner's number (its recipient hash) replied STOP to StarLoop's own sender; true when new. */
export async function optOutOfOperatorWhatsApp(db: TDb, recipientHash: string): Promise<boolean> {
  const row = await db
    .insertInto('operatorWhatsappOptOuts')
    .values({ recipientHash })
    .onConflict((oc) => oc.column('recipientHash').doNothing())
    .returning('recipientHash')
    .executeTakeFirst();
  return row !== undefined;
}

export async function isOptedOutOfOperatorWhatsApp(db: TDb, recipientHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('operatorWhatsappOptOuts')
    .select('recipientHash')
    .where('recipientHash', '=', recipientHash)
    .executeTakeFirst();
  return row !== undefined;
}

export async function listRenewalReminders(db: TDb, businessId: number) {
  return db
    .selectFrom('renewalReminders')
    .selectAll()
    .where('businessId', '=', businessId)
    .orderBy('sentAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/**
 * Paying businesses per plan (active, paid period not over) and how many periods end in the next
 * `days`: the overview's MRR and renewals due. One pass over the live businesses.
 */
export async function subscriptionFigures(
  db: TDb,
  now: Date,
  days = 30,
): Promise<{ plan: 'essential' | 'professional'; paying: number; due: number }[]> {
  const until = new Date(now.getTime() + days * 86_400_000);
  return db
    .selectFrom('owners')
    .select([
      'plan',
      sql<number>`count(*) filter (where subscription_end > ${now})::int`.as('paying'),
      sql<number>`count(*) filter (where subscription_end >= ${now} and subscription_end < ${until})::int`.as(
        'due',
      ),
    ])
    .where('deletedAt', 'is', null)
    .where('status', '=', 'active')
    .groupBy('plan')
    .execute();
}
