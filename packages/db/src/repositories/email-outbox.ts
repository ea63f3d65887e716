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
}

export async function insertEmail(
  db: TDb,
  email: TEmailInput,
  status: TMailStatus = 'queued',
): Promise<TEmail> {
  return db
    .insertInto('emailOutbox')
    .values({
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      attachments: email.attachments ? JSON.stringify(email.attachments) : null,
      category: email.category ?? null,
      status,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findEmailById(db: TDb, id: number): Promise<TEmail | undefined> {
  return db.selectFrom('emailOutbox').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markEmail(
  db: TDb,
  id: number,
  patch: { status: TMailStatus; error?: string | null; sentAt?: Date | null },
): Promise<void> {
  await db
    .updateTable('emailOutbox')
    .set((eb) => ({ ...patch, attempts: eb('attempts', '+', 1) }))
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
