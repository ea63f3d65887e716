/**
 * `npm run bench:export`: an account's data export with 1,000,000 reviews on PostgreSQL (issue 35,
 * item 1: "1,000,000 reviews export without holding them in memory (streamed), measured"). A fresh
 * database gets one account with BENCH_BRANCHES branches (default 3) and BENCH_REVIEWS reviews
 * (default 1,000,000; one INSERT ... SELECT from generate_series), a contact and a case per 50th
 * review; then the export job's build (`buildAccountExport`, the function the account-export
 * queue runs) makes the ZIP in this process while its resident memory is sampled every 50 ms, and
 * the stored file is read back piece by piece and unzipped as a stream, counting the reviews
 * CSV's lines.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:export
 *
 * Writes bench/results/export.json (BENCH_OUT for another path): seconds to build, rows per second,
 * the ZIP's size, the peak RSS during the build beside the RSS before it, and the pages and pieces.
 * The script runs with V8's old generation capped at 128 MB (`--max-old-space-size=128`; the whole
 * heap's limit, young generation included, then reads about 320 MB): a build that held the million
 * reviews (as rows or as their CSV text) would run out of memory.
 */
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import {
  createDb,
  insertAccountExport,
  insertOwner,
  migrateToLatest,
  readAccountExportChunk,
} from '@starloop/db';
import { Unzip, UnzipInflate } from 'fflate';
import { sql } from 'kysely';
import type { TDeps } from '../apps/server/src/context.ts';
import { buildAccountExport } from '../apps/server/src/domains/owner/account-exports/account-export.worker.ts';
import { createBenchDatabase } from './lib/database.ts';
import { env, positive, root, runBenchmark } from './lib/harness.ts';
import { round, writeReport } from './lib/report.ts';

const BRANCHES = positive('BENCH_BRANCHES', 3);
const REVIEWS = positive('BENCH_REVIEWS', 1_000_000);
const BATCH = positive('BENCH_BATCH', 2000);
const MB = 1024 * 1024;

async function main(): Promise<number> {
  const database = await createBenchDatabase('export');
  const handle = createDb({ url: database.url, poolSize: 4, statementTimeoutMs: 0 });
  try {
    await migrateToLatest(handle.db);
    const seedStarted = Date.now();
    console.error(`Seeding ${BRANCHES} branches and ${REVIEWS.toLocaleString('en-IN')} reviews...`);
    const first = await insertOwner(handle.db, {
      name: 'Export Owner',
      businessName: 'Bench Biryani',
      contactNumber: '9700000035',
      code: 'bench-biryani-1',
      registrationSource: 'manual',
      status: 'active',
      plan: 'professional',
    });
    await sql`update persons set email = 'owner@bench.test' where id = (
      select person_id from memberships where account_id = ${first.accountId})`.execute(handle.db);
    await sql
      .raw(`
      insert into owners (account_id, name, business_name, contact_number, code, registration_source, status, plan)
      select ${first.accountId}, 'Export Owner', 'Bench Biryani ' || g, '9700000035', 'bench-biryani-' || g,
             'manual', 'active', 'professional'
        from generate_series(2, ${BRANCHES}) g`)
      .execute(handle.db);
    const { rows: branches } = await sql<{ id: number }>`
      select id from owners where account_id = ${first.accountId} order by id`.execute(handle.db);
    const ids = branches.map((b) => b.id);
    await sql
      .raw(`
      insert into reviews (owner_id, rating, message, customer_contact, created_at)
      select (array[${ids.join(',')}])[1 + (g % ${ids.length})], 1 + (g % 5),
             'Biryani was ' || (array['great', 'cold', 'spicy, "perfect"', 'late'])[1 + (g % 4)] || ' #' || g,
             case when g % 3 = 0 then '98' || lpad((g % 100000000)::text, 8, '0') end,
             now() - (g::float8 / ${REVIEWS}) * interval '365 days'
        from generate_series(1, ${REVIEWS}) g`)
      .execute(handle.db);
    await sql
      .raw(`
      insert into contacts (owner_id, name, phone_e164, consent, consent_at, consent_source)
      select ${ids[0]}, 'Customer ' || g, '+9198' || lpad(g::text, 8, '0'), true, now(), 'import'
        from generate_series(1, ${Math.floor(REVIEWS / 50)}) g`)
      .execute(handle.db);
    await sql
      .raw(`
      insert into cases (review_id, owner_id, rating, status, created_at, updated_at, due_at)
      select id, owner_id, rating, 'new', created_at, created_at, created_at + interval '2 hours'
        from reviews where rating <= 2 and id % 50 = 0`)
      .execute(handle.db);
    await sql`vacuum analyze`.execute(handle.db);
    const seedSeconds = round((Date.now() - seedStarted) / 1000, 1);
    console.error(`Seeded in ${seedSeconds} s.`);

    const record = await insertAccountExport(handle.db, { accountId: first.accountId });
    const deps = {
      db: handle.db,
      log: { info: () => {}, warn: () => {}, error: console.error },
      now: () => new Date(),
      mailer: { queue: async () => ({ id: null, status: 'outbox' as const }) },
      config: { appUrl: 'https://starloop.bench' },
    } as unknown as Pick<TDeps, 'db' | 'log' | 'now' | 'mailer' | 'config'>;

    globalThis.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    let peakHeap = process.memoryUsage().heapUsed;
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      peakRss = Math.max(peakRss, usage.rss);
      peakHeap = Math.max(peakHeap, usage.heapUsed);
    }, 50);
    const started = performance.now();
    const result = await buildAccountExport(deps, record.id, { batchSize: BATCH });
    const buildSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    console.error(
      `Built ${result.rows.toLocaleString('en-IN')} rows into ${round(result.bytes / MB, 1)} MB in ${round(buildSeconds, 1)} s; peak RSS ${round(peakRss / MB)} MB (before ${round(rssBefore / MB)} MB).`,
    );

    // Read the stored file back as the download does (piece by piece) and unzip it as a stream.
    const readStarted = performance.now();
    let reviewLines = 0;
    let readBytes = 0;
    const unzip = new Unzip((file) => {
      if (file.name !== 'reviews.csv') return;
      file.ondata = (error, data) => {
        if (error) throw error;
        for (let at = data.indexOf(10); at !== -1; at = data.indexOf(10, at + 1)) reviewLines += 1;
      };
      file.start();
    });
    unzip.register(UnzipInflate);
    for (let seq = 0; ; seq += 1) {
      const piece = await readAccountExportChunk(handle.db, record.id, seq);
      if (!piece) break;
      readBytes += piece.length;
      unzip.push(piece);
    }
    unzip.push(new Uint8Array(0), true);
    const readSeconds = (performance.now() - readStarted) / 1000;
    const reviewRows = reviewLines - 1;
    console.error(
      `Read back ${round(readBytes / MB, 1)} MB in ${round(readSeconds, 1)} s: ${reviewRows} review rows.`,
    );

    writeReport(env.BENCH_OUT ?? path.join(root, 'bench/results/export.json'), {
      benchmark: 'export',
      at: new Date().toISOString(),
      machine: { cpus: cpus().length, loadavg: loadavg().map((n) => round(n)) },
      database: 'postgres',
      branches: BRANCHES,
      reviews: REVIEWS,
      seedSeconds,
      batchSize: BATCH,
      build: {
        seconds: round(buildSeconds, 1),
        rowsPerSecond: Math.round(result.rows / buildSeconds),
        rows: result.rows,
        zipMegabytes: round(result.bytes / MB, 1),
        pages: result.pages,
        largestPage: result.largestPage,
        pieces: result.chunks,
        largestPendingKilobytes: round(result.largestPending / 1024, 1),
      },
      memory: {
        rssBeforeMegabytes: round(rssBefore / MB),
        peakRssMegabytes: round(peakRss / MB),
        peakRssGrowthMegabytes: round((peakRss - rssBefore) / MB),
        peakHeapMegabytes: round(peakHeap / MB),
        // V8's whole heap limit under --max-old-space-size=128 (old generation 128 MB, plus the young one).
        heapLimitMegabytes: round(getHeapStatistics().heap_size_limit / MB),
      },
      readBack: { seconds: round(readSeconds, 1), megabytes: round(readBytes / MB, 1), reviewRows },
      complete: reviewRows === REVIEWS,
    });
    return reviewRows === REVIEWS ? 0 : 1;
  } finally {
    await handle.close();
  }
}

runBenchmark(main);
