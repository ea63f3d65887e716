import type { TDb } from '../client.ts';
import { hashEmailAddress } from './email-suppressions.ts';
import { deleteRows } from './records.ts';

/** One automatic reply per customer address a day, on any business (migration 0011; addresses hashed). */

/**
 * Claims the automatic reply to a customer address: true when no reply went to it within the last
 * `windowSeconds` (on any business), in one statement, so concurrent workers cannot both win.
 */
export async function claimReplyRecipient(
  db: TDb,
  email: string,
  { now, windowSeconds }: { now: Date; windowSeconds: number },
): Promise<boolean> {
  const since = new Date(now.getTime() - windowSeconds * 1000);
  const row = await db
    .insertInto('replyRecipients')
    .values({ addressHash: hashEmailAddress(email), lastSentAt: now })
    .onConflict((oc) =>
      oc
        .column('addressHash')
        .doUpdateSet({ lastSentAt: now })
        .where('replyRecipients.lastSentAt', '<=', since),
    )
    .returning('addressHash')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a claim back after the email failed, so the retry may send it. */
export async function releaseReplyRecipient(db: TDb, email: string, claimedAt: Date): Promise<void> {
  await deleteRows(db, 'replyRecipients', { addressHash: hashEmailAddress(email), lastSentAt: claimedAt });
}

/** Forgets claims older than `before` (they no longer limit anything). */
export async function deleteReplyRecipientsBefore(db: TDb, before: Date): Promise<number> {
  const result = await db.deleteFrom('replyRecipients').where('lastSentAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
