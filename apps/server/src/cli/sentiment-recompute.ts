import { listReviewsForSentiment, type TDb, updateReviewSentiments } from '@starloop/db';
import { analyzeSentiment } from '../domains/replies/sentiment/engine.rules.ts';

export const SENTIMENT_BATCH = 1000;

/**
 * Recomputes every review's sentiment with the current engine, in batches of 1000 by id, writing
 * only the rows whose label or score changed. Safe to interrupt and run again.
 */
export async function recomputeSentiment(db: TDb, options: { batchSize?: number } = {}): Promise<string> {
  const batchSize = options.batchSize ?? SENTIMENT_BATCH;
  let afterId = 0;
  let seen = 0;
  let changed = 0;
  for (;;) {
    const rows = await listReviewsForSentiment(db, afterId, batchSize);
    if (rows.length === 0) break;
    const updates = rows
      .map((row) => ({ id: row.id, row, ...analyzeSentiment(row.message, row.rating) }))
      .filter(
        (u) =>
          u.row.sentimentLabel !== u.label ||
          u.row.sentimentScore === null ||
          Math.abs(u.row.sentimentScore - u.score) > 0.0005,
      )
      .map((u) => ({ id: u.id, label: u.label, score: u.score }));
    await updateReviewSentiments(db, updates);
    seen += rows.length;
    changed += updates.length;
    afterId = rows.at(-1)!.id;
    if (rows.length < batchSize) break;
  }
  return `Recomputed sentiment for ${seen} review(s): ${changed} changed.`;
}
