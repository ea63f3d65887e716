import type { Insertable, Selectable } from 'kysely';
import type { TDb } from '../client.ts';
import type { BillingProfileTable } from '../database.ts';

/** Who bills whom (migration 0023): the operator's billing profile and an account's billing details. */

export type TBillingProfileRow = Selectable<BillingProfileTable>;
export type TBillingProfileWrite = Omit<Insertable<BillingProfileTable>, 'id' | 'updatedAt'>;

export async function findBillingProfile(db: TDb): Promise<TBillingProfileRow | undefined> {
  return db.selectFrom('billingProfile').selectAll().where('id', '=', 1).executeTakeFirst();
}

/** Saves the one profile row (created on its first save). */
export async function saveBillingProfile(
  db: TDb,
  profile: TBillingProfileWrite,
  now: Date,
): Promise<TBillingProfileRow> {
  return db
    .insertInto('billingProfile')
    .values({ ...profile, updatedAt: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...profile, updatedAt: now }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface TAccountBilling {
  legalName: string | null;
  address: string | null;
  state: string | null;
  gstin: string | null;
  updatedAt: Date | null;
}

export async function findAccountBilling(db: TDb, accountId: number): Promise<TAccountBilling | undefined> {
  return db
    .selectFrom('accounts')
    .select([
      'billingLegalName as legalName',
      'billingAddress as address',
      'billingState as state',
      'billingGstin as gstin',
      'billingUpdatedAt as updatedAt',
    ])
    .where('id', '=', accountId)
    .executeTakeFirst();
}

export async function saveAccountBilling(
  db: TDb,
  accountId: number,
  billing: { legalName: string; address: string; state: string; gstin: string | null },
  now: Date,
): Promise<TAccountBilling> {
  return db
    .updateTable('accounts')
    .set({
      billingLegalName: billing.legalName,
      billingAddress: billing.address,
      billingState: billing.state,
      billingGstin: billing.gstin,
      billingUpdatedAt: now,
      updatedAt: now,
    })
    .where('id', '=', accountId)
    .returning([
      'billingLegalName as legalName',
      'billingAddress as address',
      'billingState as state',
      'billingGstin as gstin',
      'billingUpdatedAt as updatedAt',
    ])
    .executeTakeFirstOrThrow();
}
