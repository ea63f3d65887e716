import { Redis } from 'ioredis';
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
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
  adminLoginPerIdentity: { points: 10, duration: 15 * 60 },
  adminLoginPerIp: { points: 100, duration: 15 * 60 },
  passwordResetPerIdentity: { points: 3, duration: 60 * 60 },
  passwordResetPerIp: { points: 20, duration: 60 * 60 },
  reviewPerDevice: { points: 3, duration: 60 * 60 },
  reviewPerIpAndCode: { points: 100, duration: 60 * 60 },
  leadPerIp: { points: 5, duration: 60 * 60 },
  paymentInitiatePerIp: { points: 30, duration: 15 * 60 },
} as const satisfies Record<string, Pick<IRateLimiterOptions, 'points' | 'duration'>>;

export type TRateLimitName = keyof typeof RATE_LIMITS;

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many attempts. Please wait a little and try again.';

export interface TRateLimiter {
  /** Spends one point for the key; throws a 429 AppError with retryAfterSeconds when none are left. */
  consume(name: TRateLimitName, key: string): Promise<void>;
  /** Gives one point back (an attempt that turned out not to be a failure). */
  refund(name: TRateLimitName, key: string): Promise<void>;
  /** Forgets the key (e.g. after a successful sign-in). */
  reset(name: TRateLimitName, key: string): Promise<void>;
  close(): Promise<void>;
}

/** In memory per process, or shared in Redis when REDIS_URL is set (several server processes). */
export function createRateLimiter(
  options: { redisUrl?: string | undefined; prefix?: string; enabled?: boolean } = {},
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
      const base = { ...RATE_LIMITS[name], keyPrefix: `${options.prefix ?? 'starloop'}:rl:${name}` };
      found = redis
        ? new RateLimiterRedis({ ...base, storeClient: redis, insuranceLimiter: new RateLimiterMemory(base) })
        : new RateLimiterMemory(base);
      limiters.set(name, found);
    }
    return found;
  };
  return {
    async consume(name, key) {
      try {
        await limiter(name).consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooManyRequests(error.msBeforeNext);
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
  consume: async () => {},
  refund: async () => {},
  reset: async () => {},
  close: async () => {},
};
