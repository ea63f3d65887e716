import type { TDb } from '../client.ts';
import type { TMessagingChannel, TOwnerChannelSettings } from '../database.ts';
import { rowFinder } from './records.ts';

/**
 * Owners' WhatsApp and SMS settings (migration 0017). The secret column holds what the server
 * sealed; this layer never sees a secret in clear.
 */

export async function listChannelSettings(db: TDb, ownerId: number): Promise<TOwnerChannelSettings[]> {
  return db.selectFrom('ownerChannelSettings').selectAll().where('ownerId', '=', ownerId).execute();
}

export const findChannelSettings = rowFinder(
  'ownerChannelSettings',
  (ownerId: number, channel: TMessagingChannel) => ({ ownerId, channel }),
);

/**
 * Writes one channel's settings. `sealedSecret` undefined keeps the stored one (secrets are
 * write-only: a form that leaves the field empty changes nothing), null removes it.
 */
export async function upsertChannelSettings(
  db: TDb,
  row: {
    ownerId: number;
    channel: TMessagingChannel;
    enabled: boolean;
    accountId: string | null;
    options: Record<string, string | null>;
    sealedSecret?: string | null;
  },
): Promise<TOwnerChannelSettings> {
  const now = new Date();
  const secret =
    row.sealedSecret === undefined
      ? {}
      : { sealedSecret: row.sealedSecret, secretUpdatedAt: row.sealedSecret === null ? null : now };
  const values = {
    enabled: row.enabled,
    accountId: row.accountId,
    options: JSON.stringify(row.options),
    ...secret,
  };
  return db
    .insertInto('ownerChannelSettings')
    .values({ ownerId: row.ownerId, channel: row.channel, ...values })
    .onConflict((oc) => oc.columns(['ownerId', 'channel']).doUpdateSet({ ...values, updatedAt: now }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The owner a WhatsApp phone-number id belongs to (webhooks name the number, not the owner). */
export async function findOwnerIdByWhatsAppNumber(
  db: TDb,
  phoneNumberId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('ownerChannelSettings')
    .select('ownerId')
    .where('channel', '=', 'whatsapp')
    .where('accountId', '=', phoneNumberId)
    .executeTakeFirst();
  return row?.ownerId;
}
