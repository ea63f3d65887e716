import type { TMailStatus } from '@starloop/contract';
import type { TDb } from '../client.ts';
import type { TEmail } from '../database.ts';

export interface TEmailInput {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: { filename: string; contentType: string; contentBase64: string }[] | null;
  category?: string | null;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string> | null;
  /** Recording a mail with a key already recorded answers that first row (nothing new is stored). */
  idempotencyKey?: string | null;
}

export async function insertEmail(
  db: TDb,
  email: TEmailInput,
  status: TMailStatus = 'queued',
): Promise<TEmail> {
  const values = {
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
    attachments: email.attachments ? JSON.stringify(email.attachments) : null,
    category: email.category ?? null,
    headers: email.headers ? JSON.stringify(email.headers) : null,
    status,
  };
  const key = email.idempotencyKey;
  if (!key) return db.insertInto('emailOutbox').values(values).returningAll().executeTakeFirstOrThrow();
  const row = await db
    .insertInto('emailOutbox')
    .values({ ...values, idempotencyKey: key })
    .onConflict((oc) => oc.column('idempotencyKey').where('idempotencyKey', 'is not', null).doNothing())
    .returningAll()
    .executeTakeFirst();
  return (
    row ??
    db.selectFrom('emailOutbox').selectAll().where('idempotencyKey', '=', key).executeTakeFirstOrThrow()
  );
}

/** Whether a mail was recorded under this key (the caller's retry then records nothing new). */
export async function findEmailByIdempotencyKey(db: TDb, key: string): Promise<TEmail | undefined> {
  return db.selectFrom('emailOutbox').selectAll().where('idempotencyKey', '=', key).executeTakeFirst();
}

export async function findEmailById(db: TDb, id: number): Promise<TEmail | undefined> {
  return db.selectFrom('emailOutbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Records a delivery attempt. `textBody`/`htmlBody` replace the stored bodies (a sent mail keeps
 * no working link: mailer.ts redacts them).
 */
export async function markEmail(
  db: TDb,
  id: number,
  patch: {
    status: TMailStatus;
    error?: string | null;
    sentAt?: Date | null;
    textBody?: string;
    htmlBody?: string | null;
    headers?: Record<string, string> | null;
  },
): Promise<void> {
  const { headers, ...rest } = patch;
  await db
    .updateTable('emailOutbox')
    .set((eb) => ({
      ...rest,
      ...(headers === undefined ? {} : { headers: headers === null ? null : JSON.stringify(headers) }),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}

export async function listEmails(
  db: TDb,
  { limit = 50, to }: { limit?: number; to?: string } = {},
): Promise<TEmail[]> {
  let query = db.selectFrom('emailOutbox').selectAll();
  if (to) query = query.where((eb) => eb(eb.fn('lower', ['toAddress']), '=', to.toLowerCase()));
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Deletes sent mails (with their attachments, which live in the row) sent before `before`, at most
 * `batch` per statement so a large backlog never holds one long lock. Returns how many went.
 */
export async function deleteSentEmailsBefore(db: TDb, before: Date, batch = 5000): Promise<number> {
  let removed = 0;
  for (;;) {
    const result = await db
      .deleteFrom('emailOutbox')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('emailOutbox')
          .select('id')
          .where('status', '=', 'sent')
          .where('sentAt', '<', before)
          .limit(batch),
      )
      .executeTakeFirst();
    const n = Number(result.numDeletedRows);
    removed += n;
    if (n < batch) return removed;
  }
}
