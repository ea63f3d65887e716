import { PUBLIC_TEXTS } from '@starloop/contract';
import { insertReviews, inTransaction, type TDb, type TOwnerPublic, type TReview } from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { queueReviewFollowUps, sentimentFor, wantsAutoReply } from '../replies/review-hooks.ts';
import { isReviewPageOpen } from './review-page.ts';

export interface TReviewToStore {
  owner: TOwnerPublic;
  rating: number;
  message: string;
  customerContact?: string | null | undefined;
  deviceId?: string | null | undefined;
  /** Only for seeds and tests that backfill history. */
  createdAt?: Date;
}

/**
 * Stores reviews of known owners in the caller's transaction: the rows with their sentiment, the
 * owners' counters, one activity event each, and the follow-up jobs (reply, low-rating alert).
 * Returns the rows in input order.
 */
export async function storeReviews(
  deps: Pick<TDeps, 'jobs'>,
  trx: TDb,
  items: TReviewToStore[],
): Promise<TReview[]> {
  const rows = await insertReviews(
    trx,
    items.map((item) => {
      const sentiment = sentimentFor(item.message, item.rating);
      return {
        ownerId: item.owner.id,
        rating: item.rating,
        message: item.message,
        customerContact: item.customerContact || null,
        deviceId: item.deviceId ?? null,
        sentimentLabel: sentiment?.label ?? null,
        sentimentScore: sentiment?.score ?? null,
        replyStatus: wantsAutoReply(item.owner, item.message) ? 'pending' : 'none',
        ...(item.createdAt ? { createdAt: item.createdAt } : {}),
      };
    }),
    items.map((item) => ({
      message: `${item.owner.businessName} received a ${item.rating}-star review`,
      code: item.owner.code,
    })),
  );
  await queueReviewFollowUps(
    deps,
    trx,
    rows.map((review, i) => ({ review, owner: items[i]!.owner })),
  );
  return rows;
}

export interface TReviewSubmission {
  code: string;
  rating: number;
  message: string;
  customerContact?: string | undefined;
  deviceId?: string | undefined;
}

export interface TReviewWriter {
  /** Resolves with the stored review's id once its transaction has committed. */
  submit(review: TReviewSubmission): Promise<{ id: number }>;
  /** Waits until every submitted review is committed or has failed. */
  drain(): Promise<void>;
}

interface TPending {
  review: TReviewSubmission;
  resolve: (value: { id: number }) => void;
  reject: (error: unknown) => void;
}

const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
const isRetryable = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  RETRYABLE_SQLSTATES.has(String((error as { code?: unknown }).code));

/**
 * Group commit for the review page. Submissions that arrive while transactions are running wait
 * for the next one, so one commit carries many reviews and a busy minute costs a few dozen
 * transactions instead of thousands. A review is acknowledged only after its transaction commits.
 * Up to `concurrency` transactions run at once (PostgreSQL; PGlite has one connection), and no two
 * of them carry the same business: they would wait for each other on that owner's counter row. If
 * a batch fails for a reason other than a lock conflict, its reviews are retried one by one,
 * so one bad review never takes others down with it.
 */
export function createReviewWriter(
  deps: Pick<TDeps, 'db' | 'jobs' | 'log' | 'now' | 'reviewPageCache'>,
  options: { maxBatch?: number; concurrency?: number } = {},
): TReviewWriter {
  const maxBatch = options.maxBatch ?? 250;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  let queue: TPending[] = [];
  /** Business codes in a transaction right now. */
  const busy = new Set<string>();
  let writing = 0;
  let scheduled = false;
  let idleWaiters: (() => void)[] = [];

  const codeOf = (pending: TPending) => pending.review.code.trim().toLowerCase();

  async function writeBatch(batch: TPending[]): Promise<void> {
    // The same owner view the review page was rendered from (cleared at once on owner changes).
    const codes = [...new Set(batch.map(codeOf))];
    const owners = await Promise.all(codes.map((code) => deps.reviewPageCache.find(code)));
    const byCode = new Map(codes.map((code, i) => [code, owners[i]]));
    const now = deps.now();
    const accepted: { pending: TPending; owner: TOwnerPublic }[] = [];
    for (const pending of batch) {
      const owner = byCode.get(codeOf(pending));
      if (!owner) pending.reject(notFound(PUBLIC_TEXTS.businessNotFound));
      else if (!isReviewPageOpen(owner, now))
        pending.reject(new AppError('GONE', PUBLIC_TEXTS.reviewPageInactive));
      else accepted.push({ pending, owner });
    }
    if (accepted.length === 0) return;
    const rows = await inTransaction(deps.db, (trx) =>
      storeReviews(
        deps,
        trx,
        accepted.map(({ pending, owner }) => ({ ...pending.review, owner })),
      ),
    );
    for (const [i, row] of rows.entries()) accepted[i]!.pending.resolve({ id: row.id });
  }

  async function writeWithRetry(batch: TPending[]): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await writeBatch(batch);
        return;
      } catch (error) {
        if (isRetryable(error) && attempt < 4) continue;
        if (batch.length > 1) {
          deps.log.warn({ err: error, reviews: batch.length }, 'review batch failed; storing one by one');
          for (const pending of batch) await writeWithRetry([pending]);
          return;
        }
        batch[0]!.reject(error);
        return;
      }
    }
  }

  /** The next batch: up to maxBatch reviews of businesses no running transaction carries. */
  function takeBatch(): TPending[] {
    const batch: TPending[] = [];
    const rest: TPending[] = [];
    for (const pending of queue) {
      if (batch.length < maxBatch && !busy.has(codeOf(pending))) batch.push(pending);
      else rest.push(pending);
    }
    queue = rest;
    return batch;
  }

  function schedule(): void {
    if (scheduled || writing >= concurrency || queue.length === 0) return;
    scheduled = true;
    // setImmediate lets every request parsed in this turn of the event loop join the batch.
    setImmediate(() => {
      scheduled = false;
      if (writing >= concurrency) return;
      const batch = takeBatch();
      if (batch.length === 0) return;
      const codes = new Set(batch.map(codeOf));
      for (const code of codes) busy.add(code);
      writing += 1;
      void writeWithRetry(batch).finally(() => {
        writing -= 1;
        for (const code of codes) busy.delete(code);
        schedule();
        if (writing === 0 && queue.length === 0) {
          for (const wake of idleWaiters) wake();
          idleWaiters = [];
        }
      });
      schedule();
    });
  }

  return {
    submit(review) {
      return new Promise((resolve, reject) => {
        queue.push({ review, resolve, reject });
        schedule();
      });
    },
    drain() {
      if (writing === 0 && queue.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}
