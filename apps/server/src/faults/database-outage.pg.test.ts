import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { faultWorlds, postReview, sleep, timeUntil } from './fault-harness.ts';

/**
 * The database goes away under a review load (its sessions terminated, then connections refused)
 * and comes back: the server process lives on, answers 503 with Retry-After meanwhile (never 500,
 * never a hang), works again within 5 s, and loses no acknowledged review.
 */
describe('database outages (PostgreSQL, a real server process)', () => {
  const newWorld = faultWorlds();

  it('survives its sessions being terminated under load, and recovers within 5 s', async () => {
    const world = await newWorld();
    const load = world.load(16);
    await sleep(1500);
    expect(await world.terminateBackends()).toBeGreaterThan(0);
    await sleep(1000);
    await world.terminateBackends();
    const recoveryMs = await timeUntil(
      async () => (await postReview(world.server.url, world.codes[0]!)).status === 201,
      5_000,
    );
    await sleep(1000);
    const results = await load.stop();

    expect(world.server.child.exitCode).toBeNull();
    const statuses = new Set(results.map((result) => result.status));
    expect(
      [...statuses].every((status) => status === 201 || status === 503),
      [...statuses].join(),
    ).toBe(true);
    for (const refused of results.filter((result) => result.status === 503)) {
      expect(refused.retryAfter).toMatch(/^\d+$/);
    }
    expect(Math.max(...results.map((result) => result.ms))).toBeLessThan(10_000);
    const check = await world.check(results);
    expect(check.lost).toBe(0);
    expect(check.twice).toBe(0);
    expect(check.acknowledged).toBeGreaterThan(50);
    // Every 5xx log line names its request and carries the cause.
    const faults = world.server.logs.filter((line) => Number(line.level) >= 50 && line.reqId !== undefined);
    for (const line of faults) expect(line.err).toBeDefined();
    console.info(`terminated sessions: a review was stored again ${recoveryMs} ms after the second cut`);
  });

  it('answers 503 while connections are refused, /readyz within 1 s, and works again within 5 s', async () => {
    const world = await newWorld();
    const { server, admin, databaseName } = world;
    expect((await postReview(server.url, world.codes[0]!)).status).toBe(201);

    await admin.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS false`);
    await world.terminateBackends();
    const load = world.load(8);
    await sleep(500);

    const readyStarted = Date.now();
    const ready = await fetch(`${server.url}/readyz`);
    const readyMs = Date.now() - readyStarted;
    expect(ready.status).toBe(503);
    expect(readyMs).toBeLessThan(1_000);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    const review = await postReview(server.url, world.codes[1]!);
    expect(review.status).toBe(503);
    expect(review.retryAfter).toMatch(/^\d+$/);
    const signIn = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contactNumber: '9876510000', password: 'whatever-1' }),
    });
    expect(signIn.status).toBe(503);
    const body = (await signIn.json()) as { message: string; requestId: string };
    expect(body.requestId).toBeTruthy();
    const trpc = await fetch(
      `${server.url}/trpc/public.review.link?input=${encodeURIComponent('{"code":"nobody"}')}`,
    );
    expect(trpc.status).toBe(503);

    await sleep(2_000);
    await admin.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`);
    const backAt = Date.now();
    await timeUntil(async () => (await postReview(server.url, world.codes[2]!)).status === 201, 5_000);
    await timeUntil(async () => (await fetch(`${server.url}/readyz`)).status === 200, 5_000);
    const recoveryMs = Date.now() - backAt;
    const results = await load.stop();

    expect(server.child.exitCode).toBeNull();
    expect(results.every((result) => result.status === 201 || result.status === 503)).toBe(true);
    expect(results.some((result) => result.status === 503)).toBe(true);
    const check = await world.check(results);
    expect(check.lost).toBe(0);
    expect(check.twice).toBe(0);

    // The job queue works again by itself: a reply queued after the outage is drafted.
    const after = await postReview(server.url, world.codes[3]!, 2, 'The tea was cold today.');
    expect(after.status).toBe(201);
    await timeUntil(
      async () => {
        const row = await sql<{
          status: string;
        }>`SELECT reply_status AS status FROM reviews WHERE id = ${after.id}`.execute(world.db.db);
        return row.rows[0]?.status !== 'pending';
      },
      30_000,
      250,
    );
    console.info(`refused connections: readyz answered in ${readyMs} ms, recovered in ${recoveryMs} ms`);
  });

  it('answers within seconds while reviews are locked by someone else, and loses nothing', async () => {
    const world = await newWorld();
    const { server } = world;
    const load = world.load(12);
    await sleep(1000);
    const lock = await world.lockReviews();
    await sleep(12_000);
    await lock.release();
    const releasedAt = Date.now();
    await timeUntil(async () => (await postReview(server.url, world.codes[0]!)).status === 201, 5_000);
    const recoveryMs = Date.now() - releasedAt;
    await sleep(500);
    const results = await load.stop();

    expect(server.child.exitCode).toBeNull();
    expect(results.every((result) => result.status === 201 || result.status === 503)).toBe(true);
    expect(results.some((result) => result.status === 503)).toBe(true);
    // Nobody waits out the whole stall: a review's batch gives up on the lock after 5 s.
    const slowest = Math.max(...results.map((result) => result.ms));
    expect(slowest).toBeLessThan(8_000);
    const check = await world.check(results);
    expect(check.lost).toBe(0);
    expect(check.twice).toBe(0);
    console.info(`stalled table: slowest answer ${slowest} ms, recovered ${recoveryMs} ms after release`);
  });
});
