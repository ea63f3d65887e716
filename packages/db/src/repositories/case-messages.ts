import type {
  TCaseMessageChannel,
  TCaseMessageDelivery,
  TCaseReplyTemplateKind,
  TOptOutSource,
} from '@starloop/contract';
import { sql } from 'kysely';
import type { TDb } from '../client.ts';
import type { TCaseMessageRow, TReviewContact } from '../database.ts';

/*
 * Reaching a case's customer (migration 0030): the contact they left with their consent, the
 * messages to and from them, the platform senders' monthly usage, and the reply templates.
 */

/** The contact left with a review (the case's review), if any. */
export async function findReviewContact(db: TDb, reviewId: number): Promise<TReviewContact | undefined> {
  return db.selectFrom('reviewContacts').selectAll().where('reviewId', '=', reviewId).executeTakeFirst();
}

export type TNewCaseMessage = Omit<
  TCaseMessageRow,
  'id' | 'attempts' | 'providerMessageId' | 'error' | 'updatedAt'
>;

export async function insertCaseMessage(trx: TDb, message: TNewCaseMessage): Promise<TCaseMessageRow> {
  return trx
    .insertInto('caseMessages')
    .values({ ...message, updatedAt: message.createdAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findCaseMessage(db: TDb, id: number): Promise<TCaseMessageRow | undefined> {
  return db.selectFrom('caseMessages').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Claims a queued message for one send attempt ('sending'): only one caller wins, so two workers
 * (or a retry racing a slow first try) never both send it. A retryable refusal puts it back to
 * 'queued'; a process that dies mid-send leaves it 'sending', never sent twice.
 */
export async function claimCaseMessage(db: TDb, id: number, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('caseMessages')
    .set({ status: 'sending', attempts: sql`attempts + 1`, updatedAt: at })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Where a message stands after a send attempt (the job) or a provider's report. */
export async function updateCaseMessage(
  db: TDb,
  id: number,
  patch: Partial<Pick<TCaseMessageRow, 'status' | 'providerMessageId' | 'error'>> & { at: Date },
): Promise<void> {
  const { at, ...rest } = patch;
  await db
    .updateTable('caseMessages')
    .set({ ...rest, updatedAt: at })
    .where('id', '=', id)
    .execute();
}

const DELIVERY_ORDER: Record<string, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/**
 * A provider's delivery report for a message it took: moves forward only (a late "delivered"
 * never undoes "read"; failed is final). Returns the message's case, or undefined when the id is
 * not a case message's.
 */
export async function recordCaseMessageDelivery(
  db: TDb,
  report: {
    channel: TCaseMessageChannel;
    providerMessageId: string;
    status: string;
    at: Date;
    error?: string;
  },
): Promise<number | undefined> {
  const rank = DELIVERY_ORDER[report.status];
  if (rank === undefined) return undefined;
  const row = await db
    .updateTable('caseMessages')
    .set({
      status: report.status as TCaseMessageDelivery,
      updatedAt: report.at,
      ...(report.error ? { error: report.error.slice(0, 500) } : {}),
    })
    .where('channel', '=', report.channel)
    .where('providerMessageId', '=', report.providerMessageId)
    .where('direction', '=', 'out')
    .where(
      sql<boolean>`(case status when 'queued' then 0 when 'sending' then 0 when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 4 end) < ${sql.lit(rank)}`,
    )
    .returning('caseId')
    .executeTakeFirst();
  return row ? Number(row.caseId) : undefined;
}

/** The latest message sent to this phone or address on this channel since `since` (inbound answers thread to it). */
export async function findLatestMessageTo(
  db: TDb,
  who: { channel: TCaseMessageChannel; recipient: string; since: Date },
): Promise<TCaseMessageRow | undefined> {
  return db
    .selectFrom('caseMessages')
    .selectAll()
    .where('direction', '=', 'out')
    .where('recipient', '=', who.recipient)
    .where('channel', '=', who.channel)
    .where('createdAt', '>=', who.since)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findCaseMessageByReplyToken(
  db: TDb,
  token: string,
): Promise<TCaseMessageRow | undefined> {
  return db.selectFrom('caseMessages').selectAll().where('replyToken', '=', token).executeTakeFirst();
}

/** Whether the customer was already invited to share the experience publicly. */
export async function caseInvitationSent(db: TDb, caseId: number): Promise<boolean> {
  const row = await db
    .selectFrom('caseMessages')
    .select('id')
    .where('caseId', '=', caseId)
    .where('kind', '=', 'invitation')
    .where('direction', '=', 'out')
    .executeTakeFirst();
  return row !== undefined;
}

/** Each message's delivery state and kind, for a case's timeline. */
export async function listCaseMessages(db: TDb, caseId: number): Promise<TCaseMessageRow[]> {
  return db.selectFrom('caseMessages').selectAll().where('caseId', '=', caseId).orderBy('id').execute();
}

/**
 * Takes one message from a branch's platform quota for the month; false (nothing taken) when the
 * quota is used up. One statement, so concurrent senders never overrun it.
 */
export async function takePlatformMessage(
  trx: TDb,
  usage: { ownerId: number; month: string; quota: number },
): Promise<boolean> {
  if (usage.quota <= 0) return false;
  const row = await trx
    .insertInto('platformMessageUsage')
    .values({ ownerId: usage.ownerId, month: usage.month, used: 1 })
    .onConflict((oc) =>
      oc
        .columns(['ownerId', 'month'])
        .doUpdateSet({ used: sql`platform_message_usage.used + 1` })
        .where('platformMessageUsage.used', '<', usage.quota),
    )
    .returning('used')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives one message back (a send the provider refused for good, before anything went out). */
export async function giveBackPlatformMessage(
  db: TDb,
  usage: { ownerId: number; month: string },
): Promise<void> {
  await db
    .updateTable('platformMessageUsage')
    .set({ used: sql`greatest(used - 1, 0)` })
    .where('ownerId', '=', usage.ownerId)
    .where('month', '=', usage.month)
    .execute();
}

export async function platformMessagesUsed(db: TDb, ownerId: number, month: string): Promise<number> {
  const row = await db
    .selectFrom('platformMessageUsage')
    .select('used')
    .where('ownerId', '=', ownerId)
    .where('month', '=', month)
    .executeTakeFirst();
  return row?.used ?? 0;
}

/**
 * The customer took their consent back (STOP, unsubscribe, the owner): every contact of theirs
 * matching the phone or email (of one business, or of all when a shared sender cannot tell which)
 * is marked, once. Returns the cases of the reviews newly marked, to note it on their timelines.
 */
export async function withdrawReviewContacts(
  trx: TDb,
  who: { phoneE164?: string; email?: string; ownerId?: number },
  how: { source: TOptOutSource; at: Date },
): Promise<{ caseId: number; reviewId: number }[]> {
  if (!who.phoneE164 && !who.email) return [];
  let query = trx
    .updateTable('reviewContacts')
    .set({ withdrawnAt: how.at, withdrawnSource: how.source })
    .where('withdrawnAt', 'is', null)
    .where((eb) =>
      eb.or([
        ...(who.phoneE164 ? [eb('phoneE164', '=', who.phoneE164)] : []),
        ...(who.email ? [eb('email', '=', who.email)] : []),
      ]),
    );
  if (who.ownerId !== undefined) query = query.where('ownerId', '=', who.ownerId);
  const rows = await query.returning('reviewId').execute();
  if (rows.length === 0) return [];
  const cases = await trx
    .selectFrom('cases')
    .select(['id', 'reviewId'])
    .where(
      'reviewId',
      'in',
      rows.map((r) => Number(r.reviewId)),
    )
    .execute();
  return cases.map((c) => ({ caseId: Number(c.id), reviewId: Number(c.reviewId) }));
}

/** Whether a business's review-request contact with this phone or email has opted out (STOP to requests). */
export async function contactOptedOut(
  db: TDb,
  who: { ownerId: number; phoneE164: string | null; email: string | null },
): Promise<boolean> {
  if (!who.phoneE164 && !who.email) return false;
  const row = await db
    .selectFrom('contacts')
    .select('id')
    .where('ownerId', '=', who.ownerId)
    .where('optedOutAt', 'is not', null)
    .where((eb) =>
      eb.or([
        ...(who.phoneE164 ? [eb('phoneE164', '=', who.phoneE164)] : []),
        ...(who.email ? [eb('email', '=', who.email)] : []),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

export async function listCaseReplyTemplates(
  db: TDb,
  accountId: number,
): Promise<{ kind: TCaseReplyTemplateKind; language: string; text: string }[]> {
  return db
    .selectFrom('caseReplyTemplates')
    .select(['kind', 'language', 'text'])
    .where('accountId', '=', accountId)
    .execute();
}

/** The account's own wording (text), or back to StarLoop's (null). */
export async function saveCaseReplyTemplate(
  db: TDb,
  template: {
    accountId: number;
    kind: TCaseReplyTemplateKind;
    language: string;
    text: string | null;
    at: Date;
  },
): Promise<void> {
  const { accountId, kind, language, text, at } = template;
  if (text === null) {
    await db
      .deleteFrom('caseReplyTemplates')
      .where('accountId', '=', accountId)
      .where('kind', '=', kind)
      .where('language', '=', language)
      .execute();
    return;
  }
  await db
    .insertInto('caseReplyTemplates')
    .values({ accountId, kind, language, text, updatedAt: at })
    .onConflict((oc) => oc.columns(['accountId', 'kind', 'language']).doUpdateSet({ text, updatedAt: at }))
    .execute();
}
