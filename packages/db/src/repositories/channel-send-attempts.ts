import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TChannelSendAttempt, TMessagingChannel, TSendAttemptState } from '../database.ts';
import { deleteRows, rowFinder, updateRows } from './records.ts';

/**
 * What each send of a review request to WhatsApp or an SMS gateway did (migration 0017), keyed by
 * the delivery's idempotency key and written before the provider is called: a retry finds the
 * provider's message id instead of sending again, and an answer lost to a timeout stays "in doubt"
 * until a provider report settles it. Also the provider webhook ids already handled.
 */

export const findSendAttempt = rowFinder('channelSendAttempts', (idempotencyKey: string) => ({
  idempotencyKey,
}));

/**
 * Takes the right to call the provider for this key: a first attempt, or one the provider refused
 * without sending (`not_sent`). Undefined when another state holds it (accepted, in doubt, a send
 * running elsewhere): the caller reads the attempt and answers from it.
 */
export async function claimSendAttempt(
  db: TDb,
  attempt: {
    idempotencyKey: string;
    channel: TMessagingChannel;
    ownerId: number;
    deliveryId: number;
    recipientHash: string;
  },
): Promise<TChannelSendAttempt | undefined> {
  const now = new Date();
  return db
    .insertInto('channelSendAttempts')
    .values({ ...attempt, state: 'sending', attempts: 1, startedAt: now, updatedAt: now })
    .onConflict((oc) =>
      oc
        .column('idempotencyKey')
        .doUpdateSet({
          state: 'sending',
          attempts: sql`channel_send_attempts.attempts + 1`,
          error: null,
          startedAt: now,
          updatedAt: now,
        })
        .where('channelSendAttempts.state', '=', 'not_sent'),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Records how a send ended. */
export async function settleSendAttempt(
  db: TDb,
  idempotencyKey: string,
  outcome: { state: TSendAttemptState; providerMessageId?: string | null; error?: string | null },
): Promise<void> {
  await db
    .updateTable('channelSendAttempts')
    .set({
      state: outcome.state,
      ...(outcome.providerMessageId !== undefined ? { providerMessageId: outcome.providerMessageId } : {}),
      ...(outcome.error !== undefined ? { error: outcome.error } : {}),
      updatedAt: new Date(),
    })
    .where('idempotencyKey', '=', idempotencyKey)
    .execute();
}

const UNSETTLED: TSendAttemptState[] = ['sending', 'in_doubt', 'abandoned'];

/**
 * A provider report proves that a send whose answer was lost reached the provider: the attempt
 * takes the reported message id. By the key the provider echoed back (WhatsApp's
 * biz_opaque_callback_data), or else by the recipient: the oldest unsettled attempt of that owner
 * to that number started before the report. Returns the key adopted, if any.
 */
export async function adoptProviderMessage(
  db: TDb,
  report: {
    channel: TMessagingChannel;
    providerMessageId: string;
    status: string;
    idempotencyKey?: string;
    ownerId?: number;
    recipientHash?: string;
    at: Date;
  },
): Promise<string | undefined> {
  let key = report.idempotencyKey;
  if (!key && report.ownerId !== undefined && report.recipientHash) {
    const candidate = await db
      .selectFrom('channelSendAttempts')
      .select('idempotencyKey')
      .where('ownerId', '=', report.ownerId)
      .where('channel', '=', report.channel)
      .where('recipientHash', '=', report.recipientHash)
      .where('state', 'in', ['sending', 'in_doubt'])
      .where('startedAt', '<=', report.at)
      .orderBy('startedAt')
      .limit(1)
      .executeTakeFirst();
    key = candidate?.idempotencyKey;
  }
  if (!key) return undefined;
  const adopted = await db
    .updateTable('channelSendAttempts')
    .set({
      state: 'accepted',
      providerMessageId: report.providerMessageId,
      lastStatus: report.status,
      updatedAt: new Date(),
    })
    .where('idempotencyKey', '=', key)
    .where('channel', '=', report.channel)
    .where('state', 'in', UNSETTLED)
    .where('providerMessageId', 'is', null)
    .executeTakeFirst();
  return Number(adopted.numUpdatedRows) === 1 ? key : undefined;
}

/** The attempt that a provider message id belongs to. */
export const findSendAttemptByProviderId = rowFinder(
  'channelSendAttempts',
  (channel: TMessagingChannel, providerMessageId: string) => ({ channel, providerMessageId }),
);

export async function setSendAttemptStatus(
  db: TDb,
  channel: TMessagingChannel,
  providerMessageId: string,
  status: string,
): Promise<void> {
  await updateRows(
    db,
    'channelSendAttempts',
    { channel, providerMessageId },
    { lastStatus: status, updatedAt: new Date() },
  );
}

/** Records a provider webhook id; false when it was handled before (a replay). */
export async function recordChannelWebhookEvent(
  db: TDb,
  provider: TMessagingChannel,
  eventId: string,
): Promise<boolean> {
  const result = await db
    .insertInto('channelWebhookEvents')
    .values({ provider, eventId: eventId.slice(0, 300) })
    .onConflict((oc) => oc.columns(['provider', 'eventId']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Forgets an id whose effect failed, so the provider's next try is handled. */
export async function forgetChannelWebhookEvent(
  db: TDb,
  provider: TMessagingChannel,
  eventId: string,
): Promise<void> {
  await deleteRows(db, 'channelWebhookEvents', { provider, eventId: eventId.slice(0, 300) });
}

/** Retention: webhook ids and settled send records older than `before`. */
export async function purgeChannelRecordsBefore(db: TDb, before: Date): Promise<number> {
  const events = await db
    .deleteFrom('channelWebhookEvents')
    .where('receivedAt', '<', before)
    .executeTakeFirst();
  const attempts = await db
    .deleteFrom('channelSendAttempts')
    .where('updatedAt', '<', before)
    .executeTakeFirst();
  return Number(events.numDeletedRows) + Number(attempts.numDeletedRows);
}
