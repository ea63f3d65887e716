import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { createRateLimiter, RATE_LIMITS, TOO_MANY_REQUESTS_MESSAGE } from './rate-limit.ts';

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  return undefined;
};

describe('rate limiter (in memory)', () => {
  it('refuses the call after the last point with a 429 and a Retry-After in seconds', async () => {
    const limiter = createRateLimiter({ prefix: `t-${Math.random()}` });
    for (let i = 0; i < RATE_LIMITS.reviewPerDevice.points; i += 1) {
      await limiter.consume('reviewPerDevice', 'device-1:chai');
    }
    const error = await refusal(limiter.consume('reviewPerDevice', 'device-1:chai'));
    expect(error).toBeInstanceOf(AppError);
    expect(error?.status).toBe(429);
    expect(error?.message).toBe(TOO_MANY_REQUESTS_MESSAGE);
    const retryAfter = Number(error?.details?.retryAfterSeconds);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.reviewPerDevice.duration);
    // Another key has its own points.
    await limiter.consume('reviewPerDevice', 'device-1:other-business');
  });

  it('gives a point back with refund and forgets the key on reset', async () => {
    const limiter = createRateLimiter({ prefix: `t-${Math.random()}` });
    const { points } = RATE_LIMITS.ownerLoginFailuresPerPhone;
    for (let i = 0; i < points; i += 1) await limiter.consume('ownerLoginFailuresPerPhone', '9800000001');
    await limiter.refund('ownerLoginFailuresPerPhone', '9800000001');
    await limiter.consume('ownerLoginFailuresPerPhone', '9800000001');
    const refused = await refusal(limiter.consume('ownerLoginFailuresPerPhone', '9800000001'));
    expect(refused?.status).toBe(429);
    await limiter.reset('ownerLoginFailuresPerPhone', '9800000001');
    await limiter.consume('ownerLoginFailuresPerPhone', '9800000001');
  });

  it('lets everything through when disabled (RATE_LIMITS=off)', async () => {
    const limiter = createRateLimiter({ enabled: false });
    for (let i = 0; i < 50; i += 1) {
      await limiter.consume('leadPerIp', '10.0.0.1');
      await limiter.consume('ownerLoginFailuresPerPhone', '9800000001');
    }
  });
});
