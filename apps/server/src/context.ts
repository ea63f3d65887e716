import type { TConfig } from '@starloop/config';
import type { TDb, TDbHandle } from '@starloop/db';
import type { FastifyBaseLogger } from 'fastify';
import type { TTokenService } from './auth/tokens.ts';
import type { TReviewPageCache } from './domains/public/review-page-cache.ts';
import type { TReviewWriter } from './domains/public/review-writer.ts';
import type { TJobs } from './jobs/queue.ts';
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
  now: () => Date;
}
