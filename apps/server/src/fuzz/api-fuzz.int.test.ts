import { testDatabaseUrl, testDriverName } from '@starloop/db/testing';
import type fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../lib/rate-limit.ts';
import type { TOpenApiDocument } from '../rest/openapi.ts';
import { batchPlanArbitrary, planArbitrary, type TRequestPlan } from './fuzz-requests.ts';
import { assertProperty, createFuzzWorld, fuzzSettings, type TFuzzWorld } from './fuzz-world.ts';
import {
  registryRouteIds,
  restOperationsOf,
  type TOperation,
  type TRestOperation,
  trpcOperations,
  withoutSchema,
} from './operations.ts';

/**
 * The API under hostile and careless input (issue 16, item 8). Every REST operation comes from the
 * OpenAPI document (built from the route registry) and every procedure from the router, so a new
 * operation is fuzzed without touching this file. For every answer: no 5xx; a 4xx is JSON with a
 * message (a tRPC error shape on /trpc); a refused call changes no row of any table; no body shows
 * a stack, a path, SQL or a password hash; after the cases of a writing operation, every query still
 * reads cleanly. FUZZ_SEED, FUZZ_RUNS (cases per driver), FUZZ_PATH and FUZZ_ONLY (a regex over
 * operation ids) replay or widen a run, FUZZ_STATS=1 prints answers and time per operation.
 */
// PostgreSQL (what production runs) gets the larger budget; the embedded pass a smaller one with a
// seed of its own, so together they try 4,600 different cases. Sized to CI's clock: on a slow
// 2-core machine (2026-11-29) 8,000 cases took 11 of CI's 61 minutes; FUZZ_RUNS widens a run.
const settings = testDatabaseUrl() ? fuzzSettings(3_200) : fuzzSettings(1_400, 20261128);
// The case budget per driver: most to single operations, some to batches and to a run with the
// rate limits on (where 429s must be as clean as any other refusal).
const SHARE = { operations: 0.8, batches: 0.08, limitsOn: 0.12 };
const TIMEOUT_MS = 20 * 60_000;

const selected = <T extends { id: string }>(operations: T[]) =>
  settings.only ? operations.filter((operation) => settings.only!.test(operation.id)) : operations;

/** Operations that may write: after each one's cases, every query must still read cleanly. */
const writes = (operation: TOperation) =>
  operation.transport === 'trpc' ? operation.kind === 'mutation' : operation.method !== 'GET';

/**
 * Runs every operation's property (then, after a writing one, the read sweep), and reports every
 * failing operation at once.
 */
async function fuzzEach(
  world: TFuzzWorld,
  operations: TOperation[],
  runsEach: number,
  options: { run?: (plan: TRequestPlan) => Promise<void>; sweep?: boolean } = {},
) {
  const failures: string[] = [];
  const reads = trpcOperations().filter((operation) => operation.kind === 'query');
  for (const operation of operations) {
    try {
      await assertProperty(
        operation.id,
        planArbitrary(operation, world.fixtures) as fc.Arbitrary<TRequestPlan>,
        options.run ?? world.run,
        { seed: settings.seed, numRuns: runsEach, path: settings.path },
      );
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
    if (options.sweep !== false && writes(operation)) {
      failures.push(...(await world.sweep(reads, operation.id)));
    }
  }
  expect(failures, failures.join('\n\n')).toEqual([]);
}

async function restOperationsFrom(world: TFuzzWorld): Promise<TRestOperation[]> {
  const response = await world.server.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  return restOperationsOf(response.json() as TOpenApiDocument);
}

describe(`API fuzz on ${testDriverName()} (rate limits off)`, () => {
  let world: TFuzzWorld;
  let rest: TRestOperation[];
  const trpc = trpcOperations();
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    world = await createFuzzWorld({ rateLimits: 'off' });
    rest = await restOperationsFrom(world);
  });
  afterAll(async () => {
    console.info(
      `[fuzz ${testDriverName()}] limits off: ${world?.stats.cases} cases ${JSON.stringify(world?.stats.byStatus)} in ${Math.round((Date.now() - started) / 1000)} s (seed ${settings.seed})`,
    );
    if (process.env.FUZZ_STATS) {
      for (const [operation, statuses] of Object.entries(world?.stats.byOperation ?? {})) {
        const ms = Math.round(world?.stats.msByOperation[operation] ?? 0);
        console.info(`${operation.padEnd(50)} ${String(ms).padStart(7)} ms ${JSON.stringify(statuses)}`);
      }
    }
    await world?.close();
  });

  it('derives every documented REST route and every procedure', () => {
    expect(rest.map((operation) => operation.id).sort()).toEqual(registryRouteIds());
    expect(rest.length).toBeGreaterThan(20);
    expect(trpc.length).toBeGreaterThan(40);
    // An input JSON Schema cannot spell leaves only garbage to send: give it a stand-in (operations.ts).
    expect(withoutSchema([...rest, ...trpc])).toEqual([]);
  });

  it(
    'answers every operation cleanly, over REST and tRPC, for every caller',
    async () => {
      const operations = selected<TOperation>([...rest, ...trpc]);
      const runsEach = Math.ceil((settings.runs * SHARE.operations) / (rest.length + trpc.length));
      await fuzzEach(world, operations, runsEach);
    },
    TIMEOUT_MS,
  );

  it(
    'answers tRPC batches cleanly, past the batch cap too',
    async () => {
      if (settings.only && !settings.only.test('trpc batch')) return;
      await assertProperty('trpc batch', batchPlanArbitrary(trpc, world.fixtures), world.run, {
        seed: settings.seed,
        numRuns: Math.ceil(settings.runs * SHARE.batches),
        path: settings.path,
      });
    },
    TIMEOUT_MS,
  );
});

describe(`API fuzz on ${testDriverName()} (rate limits on)`, () => {
  let world: TFuzzWorld;
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    // Two points per limit and key: the few calls that pass validation soon meet a 429.
    const tight = Object.fromEntries(Object.keys(RATE_LIMITS).map((name) => [name, { points: 2 }]));
    world = await createFuzzWorld({ rateLimits: 'on', limits: tight });
  });
  afterAll(async () => {
    console.info(
      `[fuzz ${testDriverName()}] limits on: ${world?.stats.cases} cases ${JSON.stringify(world?.stats.byStatus)} in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    await world?.close();
  });

  it(
    'answers a 429 as cleanly as any refusal',
    async () => {
      const rest = await restOperationsFrom(world);
      const trpc = trpcOperations();
      // Public operations are the limited ones; every client here comes from one of two addresses.
      const operations = selected<TOperation>(
        [...rest, ...trpc].filter((operation) => operation.auth === 'public'),
      );
      if (operations.length === 0) return;
      // Enough calls for the tight limits to answer 429, whatever the pass's budget.
      const runsEach = Math.ceil((Math.max(settings.runs, 5_600) * SHARE.limitsOn) / operations.length);
      const run = (plan: TRequestPlan) =>
        world.run({
          ...plan,
          request: {
            ...plan.request,
            headers: {
              ...plan.request.headers,
              'x-forwarded-for': plan.badToken % 2 ? '203.0.113.7' : '203.0.113.8',
            },
          },
        });
      await fuzzEach(world, operations, runsEach, { run, sweep: false });
      expect(world.stats.byStatus[429], 'the limits answered 429 at least once').toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );
});
