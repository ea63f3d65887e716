import { testDriverName } from '@starloop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOwner, createTestServer, json, type TTestServer } from '../test/test-server.ts';

const TOKEN = 'metrics-token-for-the-tests-1234';

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.split(' ').at(-1)) : undefined;
}

describe(`GET /metrics on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await createTestServer({ METRICS_TOKEN: TOKEN }, { rateLimits: { leadPerIp: { points: 1 } } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const scrape = async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    return res.body;
  };

  it('answers only a scraper with the token', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await scrape()).toContain('process_resident_memory_bytes');
  });

  it('counts requests by route pattern (never the URL) and status, with latency', async () => {
    const owner = await createTestOwner(server);
    await server.app.inject({ method: 'GET', url: `/api/users/review-link/${owner.code}?secret=abc` });
    await server.app.inject({ method: 'GET', url: '/api/users/review-link/no-such-code' });
    const text = await scrape();
    expect(
      sample(text, 'http_requests_total', 'method="GET",route="/api/users/review-link/:code",status="200"'),
    ).toBe(1);
    expect(
      sample(text, 'http_requests_total', 'method="GET",route="/api/users/review-link/:code",status="404"'),
    ).toBe(1);
    expect(text).not.toContain('secret=abc');
    expect(text).not.toContain('no-such-code');
    expect(
      sample(
        text,
        'http_request_duration_seconds_count',
        'method="GET",route="/api/users/review-link/:code"',
      ),
    ).toBe(2);
  });

  it('reports review batches, the writer queue, pool, jobs, readiness and rate-limit refusals', async () => {
    const owner = await createTestOwner(server);
    const review = await server.app.inject({
      method: 'POST',
      url: '/api/reviews/',
      ...json({ code: owner.code, rating: 5, message: '', deviceId: 'metrics-device-1' }),
    });
    expect(review.statusCode).toBe(201);
    const lead = { name: 'Ravi', email: 'ravi@example.com', subject: 'demo', message: 'Hello there.' };
    await server.app.inject({ method: 'POST', url: '/api/lead', ...json(lead) });
    expect((await server.app.inject({ method: 'POST', url: '/api/lead', ...json(lead) })).statusCode).toBe(
      429,
    );

    const text = await scrape();
    expect(sample(text, 'starloop_review_writer_batch_size_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'starloop_review_writer_queue_depth')).toBe(0);
    expect(sample(text, 'starloop_rate_limit_rejections_total', 'limit="leadPerIp"')).toBe(1);
    expect(sample(text, 'starloop_ready')).toBe(1);
    expect(sample(text, 'starloop_jobs_queued', 'queue="mail-send"')).toBeGreaterThanOrEqual(0);
    if (testDriverName() === 'postgres') expect(sample(text, 'starloop_db_pool_total')).toBeGreaterThan(0);
  });
});

describe(`GET /metrics without a token on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers callers on this machine only, whatever X-Forwarded-For says', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    const remote = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(remote.statusCode).toBe(403);
    const spoofed = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(403);
  });
});
