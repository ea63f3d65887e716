import type { TConfig } from '@starloop/config';
import type { TSentimentLabel } from '@starloop/contract';
import type { TDb, TDbHandle, TNewReviewContact, TOwnerPublic, TReview } from '@starloop/db';
import type { FastifyBaseLogger } from 'fastify';
import type { TTokenService } from './auth/tokens.ts';
import type { TJobs } from './jobs/queue.ts';
import type { TMetrics } from './lib/metrics.ts';
import type { TRateLimiter } from './lib/rate-limit.ts';
import type { TMailer } from './mail/mailer.ts';

/**
 * The ports of the process: what `TDeps` lists, as interfaces. Their implementations live in the
 * domains and are built once in createServer; this file imports nothing from `domains/`, so a
 * service that needs its dependencies never pulls another domain in through them.
 */

/** A review for an owner whose page the caller has already found open (submitReview). */
export interface TReviewSubmission {
  owner: TOwnerPublic;
  rating: number;
  message: string;
  customerContact?: string | null | undefined;
  /** The review page's language (en, hi, …); replies and case messages are written in it. */
  language?: string | null | undefined;
  /** The phone (E.164) and/or email (lower-cased) left under the form, with consent (review_contacts). */
  contact?: TNewReviewContact | null | undefined;
  deviceId?: string | null | undefined;
  /**
   * The scanned placement's key (`?p=`), resolved inside the batch's one INSERT; unknown keys and
   * other owners' keys leave the review on the Default placement.
   */
  placementKey?: string | null | undefined;
}

export interface TReviewWriter {
  /**
   * Resolves with the stored review's id once its transaction has committed; rejects with a 503
   * AppError (Retry-After) when the queue is full, the database is unreachable or stalled.
   */
  submit(review: TReviewSubmission): Promise<{ id: number }>;
  /** Waits until every submitted review is committed or has failed. */
  drain(): Promise<void>;
  /** Reviews waiting for a transaction right now (metrics). */
  waiting(): number;
}

/** The columns of a new review that a listener decides before it is inserted. */
export interface TReviewColumns {
  sentimentLabel: TSentimentLabel | null;
  sentimentScore: number | null;
  replyStatus: 'none' | 'pending';
}

/** A review as the writer stored it, with the owner it was written for. */
export interface TWrittenReview {
  review: TReview;
  owner: TOwnerPublic;
}

/**
 * The seam after a review is written. Whatever reacts to a new review (its sentiment and reply,
 * its feedback case and the case's alerts, outbound webhooks) is one
 * listener registered in createServer; the review writer calls them and knows none of them.
 */
export interface TReviewListener {
  /** Names the listener in logs. */
  name: string;
  /** Columns of the row it decides, before the INSERT (no I/O: it runs for every review). */
  prepare?(review: TReviewSubmission): Partial<TReviewColumns>;
  /**
   * In the reviews' own transaction: what it writes (jobs, rows) exists if and only if the reviews
   * do. A throw fails the batch, which the writer then retries review by review.
   */
  written?(trx: TDb, written: TWrittenReview[]): Promise<void>;
  /** After the commit, best effort: a failure is logged and never reaches the customer. */
  committed?(written: TWrittenReview[]): Promise<void>;
}

/**
 * Review page views ("scans") per owner, placement and IST day, gathered in memory and written
 * once a second.
 */
export interface TPageViewCounter {
  add(view: { ownerId: number; placementKey: string | null; day: string }): void;
  /** Writes what is gathered now (tests, shutdown). */
  flush(): Promise<void>;
  /** Flushes and stops the timer; later views are still gathered and written by another flush(). */
  close(): Promise<void>;
  /** Distinct counters waiting to be written (metrics, tests). */
  pending(): number;
}

export interface TReviewPageCache {
  /** The owner behind a business code (undefined when unknown), at most `ttlMs` old. */
  find(code: string): Promise<TOwnerPublic | undefined>;
  /** Forget everything, here and (through the change bus) in every other instance; call after a change to any owner has committed. */
  clear(): void;
  /**
   * Runs `listener` whenever this cache is cleared, by clear() here or by another instance's
   * notice: caches built on owner data (the review page's HTML) are purged with it.
   */
  onClear(listener: () => void): void;
}

/** Everything a service needs, built once per process in createServer and passed down. */
export interface TDeps {
  config: TConfig;
  db: TDb;
  database: TDbHandle;
  log: FastifyBaseLogger;
  tokens: TTokenService;
  mailer: TMailer;
  rateLimiter: TRateLimiter;
  jobs: TJobs;
  /** Group commit of review-page submissions. */
  reviewWriter: TReviewWriter;
  /** What reacts to a review being written, in the order they run. */
  reviewListeners: readonly TReviewListener[];
  /** The review page's brief owner cache; services clear it after changing an owner. */
  reviewPageCache: TReviewPageCache;
  /** Review page views per placement and day, gathered in memory and written once a second. */
  pageViews: TPageViewCounter;
  now: () => Date;
  /** Prometheus metrics of this process (GET /metrics). */
  metrics: TMetrics;
}
