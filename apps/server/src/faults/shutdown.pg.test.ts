import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from '../test/server-process.ts';
import { faultWorlds, postReview, sleep, timeUntil } from './fault-harness.ts';

/**
 * SIGTERM under a keep-alive review load drains and exits 0 well within SHUTDOWN_TIMEOUT; SIGKILL
 * loses nothing that was acknowledged; memory stays bounded under load.
 */
describe('signals under load (PostgreSQL, a real server process)', () => {
  const newWorld = faultWorlds();

  it('drains on SIGTERM: /readyz turns 503, in-flight reviews are answered, exit 0 in time', async () => {
    const world = await newWorld({ env: { SHUTDOWN_TIMEOUT: '20' } });
    const { server } = world;
    const load = world.load(16);
    await sleep(2_000);
    const signalledAt = Date.now();
    server.kill('SIGTERM');
    const code = await server.exited;
    const exitMs = Date.now() - signalledAt;
    const results = await load.stop();

    expect(code).toBe(0);
    expect(exitMs).toBeLessThan(10_000);
    // Answers during the drain are 201 (stored) or a refusal; afterwards the port is closed.
    expect(results.every((result) => [201, 503, 'network'].includes(result.status))).toBe(true);
    const check = await world.check(results);
    expect(check.lost).toBe(0);
    expect(check.twice).toBe(0);
    expect(server.logs.some((line) => line.msg === 'shut down cleanly')).toBe(true);
    console.info(
      `SIGTERM under load: exited 0 after ${exitMs} ms, ${check.acknowledged} reviews acknowledged`,
    );
  });

  it('answers a request in flight at SIGTERM with Connection: close, then stops listening', async () => {
    const world = await newWorld();
    const { server } = world;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: object) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const request = http.request(
          `${server.url}/api/reviews/`,
          { agent, method: 'POST', headers: { 'content-type': 'application/json' } },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
            );
          },
        );
        request.on('error', reject);
        request.end(JSON.stringify(body));
      });
    const review = (deviceId: string) => ({ code: world.codes[0], rating: 5, message: '', deviceId });
    expect((await post(review('fault-device-keepalive-1'))).connection).toBe('keep-alive');
    // Someone holds the reviews table: the next review is in flight when the signal comes.
    const lock = await world.lockReviews();
    const inFlight = post(review('fault-device-keepalive-2'));
    await sleep(300);
    server.kill('SIGTERM');
    await sleep(300);
    expect(
      await fetch(`${server.url}/readyz`).then(
        (r) => r.status,
        () => 'refused',
      ),
    ).toBe('refused');
    await lock.release();
    const answer = await inFlight;
    expect(answer.status).toBe(201);
    expect(answer.connection).toBe('close');
    agent.destroy();
    expect(await server.exited).toBe(0);
  });

  it('exits at once on a second signal', async () => {
    const world = await newWorld();
    const { server } = world;
    const load = world.load(8);
    await sleep(500);
    server.kill('SIGTERM');
    server.kill('SIGTERM');
    const code = await server.exited;
    const results = await load.stop();
    expect([0, 1]).toContain(code);
    const check = await world.check(results);
    expect(check.lost).toBe(0);
  });

  it('loses no acknowledged review on SIGKILL, and a restart on the same database is clean', async () => {
    const world = await newWorld();
    const load = world.load(16);
    await sleep(2_500);
    world.server.kill('SIGKILL');
    await world.server.exited;
    const results = await load.stop();
    const check = await world.check(results);
    expect(check.lost).toBe(0);
    expect(check.twice).toBe(0);
    expect(check.acknowledged).toBeGreaterThan(20);

    const again = await startServerProcess({ DATABASE_URL: world.database.url, RATE_LIMITS: 'off' });
    try {
      expect((await postReview(again.url, world.codes[0]!)).status).toBe(201);
    } finally {
      again.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    }
  });

  it('keeps memory bounded under a sustained review load', async () => {
    const world = await newWorld();
    const load = world.load(24);
    const samples: number[] = [];
    for (let i = 0; i < 8; i++) {
      await sleep(1_000);
      samples.push(world.server.rssMb());
    }
    const results = await load.stop();
    await timeUntil(async () => (await fetch(`${world.server.url}/readyz`)).status === 200, 5_000);
    expect(results.filter((result) => result.status === 201).length).toBeGreaterThan(200);
    expect(Math.max(...samples)).toBeLessThan(400);
    // No growth once warm: the last samples stay near the early ones.
    expect(samples.at(-1)!).toBeLessThan(samples[2]! * 1.5);
    console.info(`RSS under load (MB): ${samples.map((mb) => mb.toFixed(0)).join(', ')}`);
  });
});
