import type { TConfig } from '@starloop/config';
import type { TDb, TDbHandle } from '@starloop/db';
import type { FastifyBaseLogger } from 'fastify';
import type { TTokenService } from './auth/tokens.ts';
import type { TPageViewCounter } from './domains/public/review/page-views.ts';
import type { TReviewPageCache } from './domains/public/review/review-page-cache.ts';
import type { TReviewWriter } from './domains/public/review/review-writer.ts';
import type { TLowRatingFollowUps } from './domains/replies/low-rating-follow-ups.ts';
import type { TJobs } from './jobs/queue.ts';
import type { TMetrics } from './lib/metrics.ts';
import type { TRateLimiter } from './lib/rate-limit.ts';
import type { TMailer } from './mail/mailer.ts';

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
  /** The review page's brief owner cache; services clear it after changing an owner. */
  reviewPageCache: TReviewPageCache;
  /** Review page views per placement and day, gathered in memory and written once a second. */
  pageViews: TPageViewCounter;
  /** Owners whose next low-rating alert is already queued (the writer queues none for them). */
  lowRatingFollowUps: TLowRatingFollowUps;
  now: () => Date;
  /** Prometheus metrics of this process (GET /metrics). */
  metrics: TMetrics;
}
