import type { TSentimentLabel } from '@starloop/contract';
import type { TDb } from '../client.ts';
import { deleteRows } from './records.ts';

export async function listReplyTemplates(
  db: TDb,
  ownerId: number,
): Promise<{ sentiment: TSentimentLabel; body: string; updatedAt: Date }[]> {
  return db
    .selectFrom('replyTemplates')
    .select(['sentiment', 'body', 'updatedAt'])
    .where('ownerId', '=', ownerId)
    .orderBy('sentiment', 'asc')
    .execute();
}

export async function upsertReplyTemplate(
  db: TDb,
  ownerId: number,
  sentiment: TSentimentLabel,
  body: string,
): Promise<void> {
  await db
    .insertInto('replyTemplates')
    .values({ ownerId, sentiment, body })
    .onConflict((oc) => oc.columns(['ownerId', 'sentiment']).doUpdateSet({ body, updatedAt: new Date() }))
    .execute();
}

export async function deleteReplyTemplate(
  db: TDb,
  ownerId: number,
  sentiment: TSentimentLabel,
): Promise<boolean> {
  return (await deleteRows(db, 'replyTemplates', { ownerId, sentiment })) > 0;
}
