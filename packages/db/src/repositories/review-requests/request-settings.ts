import { REQUEST_INTERVAL_DAYS, type TRequestChannel } from '@starloop/contract';
import type { TDb } from '../../client.ts';

/** The owner's review request settings (migration 0016): the interval and the channels' order. */

export interface TRequestSettingsRow {
  intervalDays: number;
  channelOrder: TRequestChannel[];
}

export const DEFAULT_REQUEST_SETTINGS: TRequestSettingsRow = {
  intervalDays: REQUEST_INTERVAL_DAYS.default,
  channelOrder: ['whatsapp', 'sms', 'email'],
};

export async function getRequestSettings(db: TDb, ownerId: number): Promise<TRequestSettingsRow> {
  const row = await db
    .selectFrom('ownerRequestSettings')
    .select(['intervalDays', 'channelOrder'])
    .where('ownerId', '=', ownerId)
    .executeTakeFirst();
  if (!row) return DEFAULT_REQUEST_SETTINGS;
  return { intervalDays: row.intervalDays, channelOrder: row.channelOrder.split(',') as TRequestChannel[] };
}

export async function saveRequestSettings(
  db: TDb,
  ownerId: number,
  settings: TRequestSettingsRow,
): Promise<void> {
  const values = { intervalDays: settings.intervalDays, channelOrder: settings.channelOrder.join(',') };
  await db
    .insertInto('ownerRequestSettings')
    .values({ ownerId, ...values })
    .onConflict((oc) => oc.column('ownerId').doUpdateSet({ ...values, updatedAt: new Date() }))
    .execute();
}
