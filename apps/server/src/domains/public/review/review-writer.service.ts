import {
  insertReviews,
  inTransaction,
  isDatabaseTimeout,
  isDatabaseUnavailable,
  isRetryableConflict,
  type TDb,
  type TReview,
} from '@starloop/db';
import { sql } from 'kysely';
import type {
  TDeps,
  TReviewColumns,
  TReviewListener,
  TReviewSubmission,
  TReviewWriter,
  TWrittenReview,
} from '../../../context.ts';
import { serviceUnavailable } from '../../../lib/errors.ts';

export interface TReviewToStore extends TReviewSubmission {
  /** Only for seeds and tests that backfill history. */
  createdAt?: Date;
}

type TListenerDeps = Partial<Pick<TDeps, 'reviewListeners' | 'log'>>;

/** A new row's columns before any listener decides them: no sentiment, no reply. */
const NO_COLUMNS: TReviewColumns = { sentimentLabel: null, sentimentScore: null, replyStatus: 'none' };

function columnsFor(listeners: readonly TReviewListener[], item: TReviewToStore): TReviewColumns {
  let columns = NO_COLUMNS;
  for (const listener of listeners) {
    if (listener.prepare) columns = { ...columns, ...listener.prepare(item) };
  }
  return columns;
}

/**
 * Stores reviews of known owners in the caller's transaction: the rows, the owners' counters, one
 * activity event each, and whatever the review listeners write in the same transaction (the reply
 * and low-rating alert jobs). Returns the written reviews in input order.
 */
export async function storeReviews(
  deps: TListenerDeps,
  trx: TDb,
  items: TReviewToStore[],
): Promise<TReview[]> {
  const listeners = deps.reviewListeners ?? [];
  const rows = await insertReviews(
    trx,
    items.map((item) => ({
      ownerId: item.owner.id,
      rating: item.rating,
      message: item.message,
      customerContact: item.customerContact || null,
      deviceId: item.deviceId ?? null,
      ...columnsFor(listeners, item),
      placementKey: item.placementKey ?? null,
      language: item.language ?? null,
      contact: item.contact ?? null,
      ...(item.createdAt ? { createdAt: item.createdAt } : {}),
    })),
    items.map((item) => ({
      message: `${item.owner.businessName} received a ${item.rating}-star review`,
      code: item.owner.code,
    })),
  );
  const written = rows.map((review, i) => ({ review, owner: items[i]!.owner }));
  for (const listener of listeners) await listener.written?.(trx, written);
  return rows;
}

/** Tells the listeners that reviews committed; a listener's failure is logged, never thrown. */
export function announceCommitted(deps: TListenerDeps, written: TWrittenReview[]): void {
  for (const listener of deps.reviewListeners ?? []) {
    if (!listener.committed) continue;
    listener.committed(written).catch((error: unknown) => {
      deps.log?.error({ err: error, listener: listener.name }, 'review listener failed after the commit');
    });
  }
}

export interface TReviewWriterOptions {
  maxBatch?: number;
  concurrency?: number;
  /** Reviews that may wait; past it a submit is refused at once with 503 (default 5,000). */
  maxQueue?: number;
  /** A review not yet in a transaction after this long is refused with 503 (default 10 s). */
  maxWaitMs?: number;
  /**
   * PostgreSQL: the longest a batch waits for a lock (SET LOCAL lock_timeout). A table held by
   * someone else then fails the batch in seconds, not at the statement timeout.
   */
  lockTimeoutMs?: number;
  /** Told the size of every committed batch (metrics). */
  onBatch?: (size: number) => void;
}

interface TPending {
  review: TReviewSubmission;
  queuedAt: number;
  resolve: (value: { id: number }) => void;
  reject: (error: unknown) => void;
}

/** After a batch found the database unreachable or stalled, new reviews are refused at once for this long. */
const UNAVAILABLE_PAUSE_MS = 1_000;

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
  deps: Pick<TDeps, 'db' | 'log'> & Partial<Pick<TDeps, 'reviewListeners'>>,
  options: TReviewWriterOptions = {},
): TReviewWriter {
  const maxBatch = options.maxBatch ?? 250;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const maxQueue = options.maxQueue ?? 5_000;
  const maxWaitMs = options.maxWaitMs ?? 10_000;
  let queue: TPending[] = [];
  /** Until when new reviews are refused because the last batch found the database unreachable. */
  let unavailableUntil = 0;
  /** Owners in a transaction right now. */
  const busy = new Set<number>();
  let writing = 0;
  let scheduled = false;
  let idleWaiters: (() => void)[] = [];

  const ownerOf = (pending: TPending) => pending.review.owner.id;

  async function writeBatch(batch: TPending[]): Promise<void> {
    const reviews = batch.map((pending) => pending.review);
    const rows = await inTransaction(deps.db, async (trx) => {
      if (options.lockTimeoutMs) {
        await sql`SELECT set_config('lock_timeout', ${`${options.lockTimeoutMs}ms`}, true)`.execute(trx);
      }
      return storeReviews(deps, trx, reviews);
    });
    options.onBatch?.(rows.length);
    for (const [i, row] of rows.entries()) batch[i]!.resolve({ id: row.id });
    announceCommitted(
      deps,
      rows.map((review, i) => ({ review, owner: reviews[i]!.owner })),
    );
  }

  async function writeWithRetry(batch: TPending[]): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await writeBatch(batch);
        return;
      } catch (error) {
        if (isRetryableConflict(error) && attempt < 4) continue;
        // An outage or a stall is nobody's review: the whole batch gets 503 at once (retrying
        // review by review would wait out the stall again for each one).
        if (isDatabaseUnavailable(error) || isDatabaseTimeout(error)) {
          // Reviews still queued would wait out the same outage or stall: they are answered now.
          unavailableUntil = Date.now() + UNAVAILABLE_PAUSE_MS;
          const waiting = queue;
          queue = [];
          deps.log.error(
            { err: error, reviews: batch.length, waiting: waiting.length },
            'review batch failed: database unavailable or stalled',
          );
          for (const pending of [...batch, ...waiting]) pending.reject(serviceUnavailable());
          return;
        }
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

  /**
   * The next batch: up to maxBatch reviews of businesses no running transaction carries. Reviews
   * that waited past maxWaitMs are answered 503 instead: their customer is still there to retry.
   */
  function takeBatch(): TPending[] {
    const batch: TPending[] = [];
    const rest: TPending[] = [];
    const expired = Date.now() - maxWaitMs;
    for (const pending of queue) {
      if (pending.queuedAt < expired) pending.reject(serviceUnavailable());
      else if (batch.length < maxBatch && !busy.has(ownerOf(pending))) batch.push(pending);
      else rest.push(pending);
    }
    queue = rest;
    return batch;
  }

  function wakeIdle(): void {
    if (writing !== 0 || queue.length !== 0) return;
    for (const wake of idleWaiters) wake();
    idleWaiters = [];
  }

  function schedule(): void {
    if (scheduled || writing >= concurrency || queue.length === 0) return;
    scheduled = true;
    // setImmediate lets every request parsed in this turn of the event loop join the batch.
    setImmediate(() => {
      scheduled = false;
      if (writing >= concurrency) return;
      const batch = takeBatch();
      if (batch.length === 0) {
        wakeIdle();
        return;
      }
      const owners = new Set(batch.map(ownerOf));
      for (const owner of owners) busy.add(owner);
      writing += 1;
      void writeWithRetry(batch).finally(() => {
        writing -= 1;
        for (const owner of owners) busy.delete(owner);
        schedule();
        wakeIdle();
      });
      schedule();
    });
  }

  return {
    submit(review) {
      if (queue.length >= maxQueue || Date.now() < unavailableUntil) {
        return Promise.reject(serviceUnavailable());
      }
      return new Promise((resolve, reject) => {
        queue.push({ review, queuedAt: Date.now(), resolve, reject });
        schedule();
      });
    },
    drain() {
      if (writing === 0 && queue.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    waiting: () => queue.length,
  };
}
