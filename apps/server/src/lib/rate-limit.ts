import { Redis } from 'ioredis';
import type pg from 'pg';
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from './errors.ts';

/**
 * Named limits (points per duration in seconds). Owner sign-in counts failures only. The address
 * limit on reviews stays generous: a restaurant's Wi-Fi or a carrier's NAT puts many honest
 * customers behind one address.
 */
export const RATE_LIMITS = {
  ownerLoginFailuresPerPhone: { points: 5, duration: 15 * 60 },
  ownerLoginFailuresPerIp: { points: 20, duration: 15 * 60 },
  /**
   * Admin sign-in steps (password and code) per address. Per account there is no lockout but a
   * growing delay kept in the database (auth/sign-in-delay.ts), so nobody can lock an admin out.
   */
  adminLoginPerIp: { points: 100, duration: 15 * 60 },
  passwordResetPerIdentity: { points: 3, duration: 60 * 60 },
  passwordResetPerIp: { points: 20, duration: 60 * 60 },
  /** Using a set-password or reset link: guesses at tokens, and one token hammered. */
  passwordLinkPerIp: { points: 20, duration: 15 * 60 },
  passwordLinkPerToken: { points: 5, duration: 60 * 60 },
  reviewPerDevice: { points: 3, duration: 60 * 60 },
  reviewPerIpAndCode: { points: 100, duration: 60 * 60 },
  /** A ceiling per business (REVIEWS_PER_BUSINESS_PER_HOUR sets the points): floods stop here. */
  reviewPerBusiness: { points: 120, duration: 60 * 60 },
  leadPerIp: { points: 5, duration: 60 * 60 },
  paymentInitiatePerIp: { points: 30, duration: 15 * 60 },
  /**
   * Review request messages per channel per second, across instances: below what the providers
   * take (WhatsApp Cloud API starts at 80/s, SMTP relays around 14/s, SMS gateways more), so a
   * 1,000-request campaign is spread over a couple of minutes instead of bursting into 429s.
   */
  requestSendPerChannel: { points: 10, duration: 1 },
  /**
   * Calls of POST /api/v1/review-requests per API key: a billing counter sends one per bill; a
   * runaway loop on the owner's side stops here instead of spending the month's quota at once.
   */
  apiCallsPerKey: { points: 120, duration: 60 },
  /**
   * The "my data" page (issue 35): codes asked for per address and per phone or email (keyed
   * hash), and code guesses per address (each code also takes at most 5).
   */
  myDataCodePerIp: { points: 10, duration: 60 * 60 },
  myDataCodePerIdentifier: { points: 3, duration: 60 * 60 },
  myDataVerifyPerIp: { points: 30, duration: 15 * 60 },
} as const satisfies Record<string, Pick<IRateLimiterOptions, 'points' | 'duration'>>;

export type TRateLimitName = keyof typeof RATE_LIMITS;

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many attempts. Please wait a little and try again.';

export interface TRateLimiter {
  readonly store: TRateLimitStore;
  /** Spends one point for the key; throws a 429 AppError with retryAfterSeconds when none are left. */
  consume(name: TRateLimitName, key: string): Promise<void>;
  /** Gives one point back (an attempt that turned out not to be a failure). */
  refund(name: TRateLimitName, key: string): Promise<void>;
  /** Forgets the key (e.g. after a successful sign-in). */
  reset(name: TRateLimitName, key: string): Promise<void>;
  close(): Promise<void>;
}

/** Where the counters live: shared by every instance, except with the one-process embedded database. */
export type TRateLimitStore = 'redis' | 'postgres' | 'memory';

/**
 * Counters shared by every instance: in Redis when REDIS_URL is set, else in the PostgreSQL
 * database (`rate_limits`); in memory only for the embedded database, which one process owns.
 */
export function createRateLimiter(
  options: {
    redisUrl?: string | undefined;
    /** PostgreSQL's pool: the shared store when there is no Redis. */
    pgPool?: pg.Pool | undefined;
    prefix?: string;
    enabled?: boolean;
    /** Other points or windows for some limits (tests make them small). */
    limits?: Partial<Record<TRateLimitName, Partial<Pick<IRateLimiterOptions, 'points' | 'duration'>>>>;
    /** Told about every refusal (metrics). */
    onReject?: (name: TRateLimitName) => void;
  } = {},
): TRateLimiter {
  if (options.enabled === false) return disabledRateLimiter;
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  redis?.on('error', () => {});
  const limiters = new Map<TRateLimitName, RateLimiterAbstract>();
  const limiter = (name: TRateLimitName) => {
    let found = limiters.get(name);
    if (!found) {
      const base = {
        ...RATE_LIMITS[name],
        ...options.limits?.[name],
        keyPrefix: `${options.prefix ?? 'starloop'}:rl:${name}`,
      };
      found = redis
        ? new RateLimiterRedis({ ...base, storeClient: redis, insuranceLimiter: new RateLimiterMemory(base) })
        : options.pgPool
          ? new RateLimiterPostgres({
              ...base,
              storeClient: options.pgPool,
              storeType: 'pool',
              tableName: 'rate_limits',
              // The table comes from a migration; expired rows are swept by the library hourly.
              tableCreated: true,
            })
          : new RateLimiterMemory(base);
      limiters.set(name, found);
    }
    return found;
  };
  return {
    store: redis ? 'redis' : options.pgPool ? 'postgres' : 'memory',
    async consume(name, key) {
      try {
        await limiter(name).consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          options.onReject?.(name);
          throw tooManyRequests(error.msBeforeNext);
        }
        throw error;
      }
    },
    async refund(name, key) {
      await limiter(name).reward(key, 1);
    },
    async reset(name, key) {
      await limiter(name).delete(key);
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

function tooManyRequests(msBeforeNext: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', TOO_MANY_REQUESTS_MESSAGE, undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  });
}

/** RATE_LIMITS=off (benchmarks only): every call passes. */
const disabledRateLimiter: TRateLimiter = {
  store: 'memory',
  consume: async () => {},
  refund: async () => {},
  reset: async () => {},
  close: async () => {},
};
