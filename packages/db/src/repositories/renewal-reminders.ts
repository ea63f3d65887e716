import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TRenewalReminderKind } from '../database.ts';

/** Renewal reminders (migration 0025). */

export interface TRenewalDue {
  businessId: number;
  accountId: number;
  businessName: string;
  code: string;
  plan: 'essential' | 'professional';
  subscriptionEnd: Date;
  ownerName: string;
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
            .select(['persons.name', 'persons.email'])
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
 * Records a reminder; an automatic one only once per business, period and kind. Answers whether
 * it was recorded (false: already sent).
 */
export async function recordRenewalReminder(
  db: TDb,
  reminder: { businessId: number; periodEnd: Date; kind: TRenewalReminderKind; adminId?: number | null },
): Promise<boolean> {
  const row = await db
    .insertInto('renewalReminders')
    .values({ ...reminder, adminId: reminder.adminId ?? null })
    .onConflict((oc) =>
      oc.columns(['businessId', 'periodEnd', 'kind']).where('kind', '<>', 'manual').doNothing(),
    )
    .returning('id')
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
