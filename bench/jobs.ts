/**
 * `npm run bench:jobs`: how fast the background jobs turn a burst of low ratings into mail. The
 * server (built JavaScript, one instance, PostgreSQL) gets BENCH_REVIEWS (1,000) 1-3 star reviews
 * as fast as it takes them, each with a message and its own customer email, for BENCH_OWNERS (50)
 * Professional owners (low-rating alerts on, daily digest off, an email each). An SMTP sink on
 * loopback stamps every mail as it arrives; the script waits for
 *   - one automatic reply per review (subject "A reply from ...", to the review's customer email);
 *   - the owners' low-rating alerts. Alerts are batched (replies/notifications.worker.ts): at most one
 *     per owner per 10 minutes, listing every low rating not listed yet, so a burst is covered by
 *     alerts spread over at least 10 minutes and a full run lasts a little over 10 minutes. An
 *     alert's lateness is measured against the earliest moment the 10-minute rule allows it:
 *     max(the first low rating it lists was acknowledged, the owner's previous alert + 600 s).
 * Then it watches BENCH_SETTLE more seconds (and past the moment the last batch's own alert jobs
 * ran) for duplicates, and checks: every acknowledged review got exactly one reply, every low rating
 * is listed in exactly one alert, no owner got two alerts within 10 minutes, no other mail came.
 *
 *   npm run bench:jobs          # builds the server, then runs this file
 *   BENCH_SKIP_ALERTS=1 npm run bench:jobs   # replies only (about a minute); no alert figures
 *
 * A fresh database starloop_bench_jobs_<timestamp> is created on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end, also on failure. The server
 * runs with NODE_ENV=test, RATE_LIMITS=off (all load comes from one address), SMTP_URL=the sink,
 * its log (BENCH_LOG_LEVEL, default info) in a temporary folder kept when something fails.
 * Writes bench/results/jobs.json (BENCH_OUT for another path). Exit code 0 when a target is missed
 * (it is a measurement); 1 when a mail is lost or duplicated, or the server fails.
 * Environment: BENCH_REVIEWS (1000), BENCH_OWNERS (50), BENCH_CONNECTIONS (50),
 * BENCH_TARGET_SECONDS (60), BENCH_REPLY_TIMEOUT (300 s after the burst), BENCH_ALERT_GRACE
 * (180 s after the window closes), BENCH_SETTLE (20), BENCH_KEEP_TMP=1.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type pg from 'pg';
import { countBy, createBenchDatabase, openSamplePool, seedOwners, withBenchDb } from './lib/database.ts';
import { COMPLAINTS } from './lib/fixtures.ts';
import { env, inWorkDir, nonNegative, positive, root, runBenchmark, sleep } from './lib/harness.ts';
import { bodyJson, createHttpClient } from './lib/http.ts';
import { nowMs, startMailSink, type TSinkMail } from './lib/mail-sink.ts';
import { metricFamily, scrapeMetrics } from './lib/metrics.ts';
import { machineInfo, printTargets, round, roundOptional, summary, writeReport } from './lib/report.ts';
import { logProblems, startLoadServer, stopServer, vmRssMb } from './lib/server.ts';

const REVIEWS = positive('BENCH_REVIEWS', 1000);
const OWNERS = positive('BENCH_OWNERS', 50);
const CONNECTIONS = positive('BENCH_CONNECTIONS', 50);
const TARGET_SECONDS = positive('BENCH_TARGET_SECONDS', 60);
const REPLY_TIMEOUT_S = positive('BENCH_REPLY_TIMEOUT', 300);
const ALERT_GRACE_S = positive('BENCH_ALERT_GRACE', 180);
const SETTLE_S = nonNegative('BENCH_SETTLE', 20);
const SKIP_ALERTS = env.BENCH_SKIP_ALERTS === '1';
const LOG_LEVEL = env.BENCH_LOG_LEVEL ?? 'info';
const OUT = path.resolve(root, env.BENCH_OUT ?? 'bench/results/jobs.json');

/** As in apps/server/src/domains/replies/notifications.worker.ts (LOW_RATING_ALERT_WINDOW_SECONDS). */
const ALERT_WINDOW_MS = 10 * 60 * 1000;
/** Alerts write out at most this many reviews (ALERT_LIST_MAX there). */
const ALERT_LIST_MAX = 50;
const REPLY_SUBJECT = /^A reply from /;
const ALERT_SUBJECT = /^(?:New ([1-3])-star review for |(\d+) new low-rating reviews for )/;

const FEEDBACK = [
  ...COMPLAINTS,
  'Service was ok but the wait was too long.',
  'Delivery was late by one hour and the packing was leaking.',
];

interface TReviewSent {
  index: number;
  owner: number;
  rating: number;
  email: string;
  deviceId: string;
  sentAt: number;
  ackAt: number | undefined;
  status: number;
  attempts: number;
  id: number | undefined;
}

interface TOwnerSeed {
  index: number;
  code: string;
  email: string;
  businessName: string;
}

const ownerSeeds: TOwnerSeed[] = Array.from({ length: OWNERS }, (_, i) => {
  const n = String(i + 1).padStart(3, '0');
  return {
    index: i,
    code: `jobs-biz-${n}`,
    email: `owner-${n}@jobs.bench.starloop.local`,
    businessName: `Jobs Bench Cafe ${n}`,
  };
});

function seed(url: string) {
  return seedOwners(
    url,
    ownerSeeds.map((o, i) => ({
      name: `Jobs Owner ${i + 1}`,
      email: o.email,
      businessName: o.businessName,
      contactNumber: `97${String(i + 1).padStart(8, '0')}`,
      code: o.code,
      city: 'Pune',
      plan: 'professional',
      notifyLowRatings: true,
      dailyDigest: false,
    })),
  );
}

/** Sends every review with CONNECTIONS requests in flight; a 429/503 is sent again after Retry-After. */
async function burst(base: string, runTag: string): Promise<TReviewSent[]> {
  const client = createHttpClient(base, { maxSockets: CONNECTIONS, timeoutMs: 30_000 });
  const reviews: TReviewSent[] = Array.from({ length: REVIEWS }, (_, i) => ({
    index: i,
    owner: i % OWNERS,
    rating: 1 + (i % 3),
    email: `customer-${i + 1}-${runTag}@jobs.bench.starloop.local`,
    deviceId: randomUUID(),
    sentAt: 0,
    ackAt: undefined,
    status: 0,
    attempts: 0,
    id: undefined,
  }));
  let next = 0;
  const worker = async () => {
    for (;;) {
      const review = reviews[next++];
      if (!review) return;
      review.sentAt = nowMs();
      for (;;) {
        review.attempts += 1;
        const res = await client.request('POST', '/api/reviews/', {
          json: {
            code: ownerSeeds[review.owner]!.code,
            rating: review.rating,
            message: FEEDBACK[review.index % FEEDBACK.length],
            customerContact: review.email,
            deviceId: review.deviceId,
          },
        });
        review.status = res.status;
        if ((res.status === 429 || res.status === 503) && review.attempts < 5) {
          await sleep(1000 * Number(res.headers['retry-after'] ?? 1));
          continue;
        }
        if (res.status === 201) {
          review.ackAt = nowMs();
          review.id = bodyJson<{ id: number }>(res)?.id;
        }
        break;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  client.close();
  return reviews;
}

interface TJobCounts {
  ready: number;
  deferred: number;
  active: number;
}

/** The reply and notify queues' jobs as pg-boss holds them (the metric is refreshed once a minute). */
async function jobCounts(pool: pg.Pool): Promise<Record<string, TJobCounts> | undefined> {
  try {
    const { rows } = await pool.query<{ name: string; ready: number; deferred: number; active: number }>(
      `select name,
              count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as ready,
              count(*) filter (where state in ('created', 'retry') and start_after > now())::int as deferred,
              count(*) filter (where state = 'active')::int as active
         from pgboss.job where name in ('review-reply', 'review-notify') group by name`,
    );
    return Object.fromEntries(
      rows.map((r) => [r.name, { ready: r.ready, deferred: r.deferred, active: r.active }]),
    );
  } catch {
    return undefined;
  }
}

/** The review rows and outbox rows as the server stored them (a cross-check of the sink). */
function databaseCounts(url: string) {
  return withBenchDb(url, async ({ db }) => {
    const replies = await countBy(db, 'reviews', 'replyStatus');
    const outbox = await db
      .selectFrom('emailOutbox')
      .select(['category', 'status', sql<number>`count(*)::int`.as('n')])
      .groupBy(['category', 'status'])
      .execute();
    const notified = await db
      .selectFrom('reviews')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('ownerNotifiedAt', 'is not', null)
      .executeTakeFirstOrThrow();
    const jobFailures = await db
      .selectFrom('jobFailures')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return {
      reviewsByReplyStatus: replies,
      outbox: outbox.map((r) => ({ category: r.category, status: r.status, count: r.n })),
      reviewsListedInAlerts: notified.n,
      jobFailures: jobFailures.n,
    };
  });
}

interface TSample {
  t: number;
  /** starloop_jobs_queued{queue=...} as GET /metrics reports it. */
  replyQueuedMetric: number | undefined;
  notifyQueuedMetric: number | undefined;
  /** Jobs of the queue in pgboss.job, read directly: ready (created/retry, due), deferred, active. */
  replyJobs: TJobCounts | undefined;
  notifyJobs: TJobCounts | undefined;
  rssMb: number | undefined;
  eventLoopP99Ms: number | undefined;
  repliesReceived: number;
  alertsReceived: number;
}

function main(): Promise<number> {
  const loadBefore = loadavg().map((v) => round(v));
  return inWorkDir('jobs', async (work) => {
    const database = await createBenchDatabase('jobs');
    console.log(
      `Database ${database.name}; ${REVIEWS} low ratings for ${OWNERS} Professional owners, ${CONNECTIONS} connections; log level ${LOG_LEVEL}.`,
    );
    await seed(database.url);
    const sink = await startMailSink({ keepText: true });
    const { url: base, child } = await startLoadServer({
      work,
      logLevel: LOG_LEVEL,
      databaseUrl: database.url,
      smtpUrl: sink.url,
    });
    // Warm the review pages (and the server's code paths) without creating any review.
    for (const owner of ownerSeeds) {
      const res = await fetch(`${base}/api/users/review-link/${owner.code}`);
      if (res.status !== 200) throw new Error(`review-link ${owner.code} answered ${res.status}`);
    }
    let crashed: string | undefined;
    child.once('exit', (code, signal) => {
      crashed = `the server exited (${code ?? signal}) during the run`;
    });

    const runTag = randomUUID().slice(0, 8);
    const burstStart = nowMs();
    console.log('Burst ...');
    const reviews = await burst(base, runTag);
    const acked = reviews.filter((r) => r.ackAt !== undefined);
    const burstEnd = Math.max(...acked.map((r) => r.ackAt!), burstStart);
    const burstSeconds = (burstEnd - burstStart) / 1000;
    const statusCounts: Record<string, number> = {};
    for (const r of reviews) statusCounts[r.status] = (statusCounts[r.status] ?? 0) + 1;
    console.log(
      `  ${acked.length} of ${REVIEWS} acknowledged in ${round(burstSeconds)} s (${Math.round(acked.length / burstSeconds)} reviews/s); statuses ${JSON.stringify(statusCounts)}`,
    );

    const byEmail = new Map(reviews.map((r) => [r.email, r]));
    const ownerByEmail = new Map(ownerSeeds.map((o) => [o.email, o]));
    // Per owner: when the first acknowledged low rating came in (its window closes 10 minutes on).
    const firstAckByOwner = new Map<number, number>();
    for (const r of acked) {
      const first = firstAckByOwner.get(r.owner);
      if (first === undefined || r.ackAt! < first) firstAckByOwner.set(r.owner, r.ackAt!);
    }
    const lastAckAt = burstEnd;

    const classify = () => {
      const replies: TSinkMail[] = [];
      const alerts: TSinkMail[] = [];
      const other: TSinkMail[] = [];
      for (const m of sink.messages) {
        if (REPLY_SUBJECT.test(m.subject)) replies.push(m);
        else if (ALERT_SUBJECT.test(m.subject) && m.to.some((to) => ownerByEmail.has(to))) alerts.push(m);
        else other.push(m);
      }
      return { replies, alerts, other };
    };
    const coveredByAlerts = (alerts: TSinkMail[]) =>
      alerts.reduce((sum, m) => {
        const match = ALERT_SUBJECT.exec(m.subject)!;
        return sum + (match[1] ? 1 : Number(match[2]));
      }, 0);

    // Sampling: queue depths, RSS and event-loop delay while the jobs drain.
    const jobsPool = openSamplePool(database.url);
    const samples: TSample[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling && !crashed) {
        const metrics = await scrapeMetrics(base);
        const queued = metrics ? metricFamily(metrics, 'starloop_jobs_queued') : {};
        const jobs = await jobCounts(jobsPool);
        const { replies, alerts } = classify();
        samples.push({
          t: round((nowMs() - burstStart) / 1000, 1),
          replyQueuedMetric: queued['{queue="review-reply"}'],
          notifyQueuedMetric: queued['{queue="review-notify"}'],
          replyJobs: jobs?.['review-reply'],
          notifyJobs: jobs?.['review-notify'],
          rssMb: roundOptional(vmRssMb(child.pid), 1),
          eventLoopP99Ms: metrics?.has('nodejs_eventloop_lag_p99_seconds')
            ? round(metrics.get('nodejs_eventloop_lag_p99_seconds')! * 1000, 1)
            : undefined,
          repliesReceived: replies.length,
          alertsReceived: alerts.length,
        });
        const t = nowMs() - burstStart;
        await sleep(t < 120_000 ? 1000 : 15_000);
      }
    })();

    // Wait for the replies, then (unless skipped) the alerts.
    const lowRatings = acked.length; // every review of the burst is 1-3 stars
    const replyDeadline = burstEnd + REPLY_TIMEOUT_S * 1000;
    let lastReport = 0;
    console.log('Waiting for the automatic replies ...');
    for (;;) {
      const { replies } = classify();
      const covered = new Set(replies.flatMap((m) => m.to)).size;
      if (covered >= acked.length || nowMs() > replyDeadline || crashed) break;
      if (nowMs() - lastReport > 10_000) {
        lastReport = nowMs();
        console.log(`  ${round((nowMs() - burstStart) / 1000, 0)} s: ${replies.length} replies received`);
      }
      await sleep(50);
    }
    console.log(
      `  replies: ${classify().replies.length} received after ${round((nowMs() - burstStart) / 1000, 1)} s`,
    );
    if (!SKIP_ALERTS) {
      // A burst of a few seconds is covered by two alerts per owner at most, 10 minutes apart.
      const lastWindowClose = burstEnd + ALERT_WINDOW_MS;
      const alertDeadline = lastWindowClose + ALERT_GRACE_S * 1000;
      console.log(
        `Waiting for the low-rating alerts (the 10-minute rule lets the last ones go about ${round((lastWindowClose - nowMs()) / 1000, 0)} s from now) ...`,
      );
      lastReport = nowMs();
      for (;;) {
        const { alerts } = classify();
        if (coveredByAlerts(alerts) >= lowRatings || nowMs() > alertDeadline || crashed) break;
        if (nowMs() - lastReport > 60_000) {
          lastReport = nowMs();
          console.log(
            `  ${round((nowMs() - burstStart) / 1000, 0)} s: ${alerts.length} alerts received, ${coveredByAlerts(alerts)} of ${lowRatings} low ratings listed`,
          );
        }
        await sleep(100);
      }
    }
    // Duplicates come late: watch past the last batch's own alert jobs (10 min after its commit).
    const settleUntil = Math.max(
      nowMs() + SETTLE_S * 1000,
      SKIP_ALERTS ? 0 : lastAckAt + ALERT_WINDOW_MS + 10_000 + SETTLE_S * 1000,
    );
    console.log(`Watching ${round((settleUntil - nowMs()) / 1000, 0)} s more for duplicates ...`);
    while (nowMs() < settleUntil && !crashed) await sleep(250);
    sampling = false;
    await sampler;
    const finalMetrics = await scrapeMetrics(base);
    if (crashed) throw new Error(crashed);
    const { replies, alerts, other } = classify();

    // --- Replies: exactly one per acknowledged review, none for anything else.
    const repliesPerReview = new Map<string, TSinkMail[]>();
    let strayReplies = 0;
    for (const m of replies) {
      for (const to of m.to) {
        const review = byEmail.get(to);
        if (!review || review.ackAt === undefined) {
          strayReplies++;
          continue;
        }
        repliesPerReview.set(to, [...(repliesPerReview.get(to) ?? []), m]);
      }
    }
    const missingReplies = acked.filter((r) => !repliesPerReview.has(r.email)).length;
    const duplicateReplies = [...repliesPerReview.values()].filter((list) => list.length > 1).length;
    const replyLatencies = acked
      .filter((r) => repliesPerReview.has(r.email))
      .map((r) => repliesPerReview.get(r.email)![0]!.receivedAt - r.ackAt!);
    const firstReplyAt = Math.min(...replies.map((m) => m.receivedAt));
    const lastReplyAt = Math.max(...replies.map((m) => m.receivedAt));

    // --- Alerts: every low rating listed once; one alert per owner per window.
    const listedTimes = new Map<string, number>();
    const alertsByOwner = new Map<number, TSinkMail[]>();
    let subjectMismatches = 0;
    let unlistedOverflow = 0;
    for (const m of alerts) {
      const owner = ownerByEmail.get(m.to[0]!)!;
      alertsByOwner.set(owner.index, [...(alertsByOwner.get(owner.index) ?? []), m]);
      const listed = [...m.text.matchAll(/Customer contact: (\S+@\S+)/g)].map((x) => x[1]!.toLowerCase());
      const match = ALERT_SUBJECT.exec(m.subject)!;
      const count = match[1] ? 1 : Number(match[2]);
      if (count > ALERT_LIST_MAX) unlistedOverflow += count - listed.length;
      else if (listed.length !== count) subjectMismatches++;
      for (const email of listed) listedTimes.set(email, (listedTimes.get(email) ?? 0) + 1);
    }
    const notListed = SKIP_ALERTS ? 0 : acked.filter((r) => !listedTimes.has(r.email)).length;
    const listedTwice = [...listedTimes.values()].filter((n) => n > 1).length;
    const listedUnknown = [...listedTimes.keys()].filter(
      (email) => byEmail.get(email)?.ackAt === undefined,
    ).length;
    let alertsTooClose = 0;
    for (const list of alertsByOwner.values()) {
      const times = list.map((m) => m.receivedAt).sort((a, b) => a - b);
      // One alert per 10 minutes; a second of slack for SMTP timing.
      for (let i = 1; i < times.length; i++)
        if (times[i]! - times[i - 1]! < ALERT_WINDOW_MS - 1000) alertsTooClose++;
    }
    // Lateness: past the earliest moment the 10-minute rule allows the alert.
    const alertLateness: number[] = [];
    for (const list of alertsByOwner.values()) {
      const sorted = [...list].sort((a, b) => a.receivedAt - b.receivedAt);
      sorted.forEach((m, i) => {
        const listedAcks = [...m.text.matchAll(/Customer contact: (\S+@\S+)/g)]
          .map((x) => byEmail.get(x[1]!.toLowerCase())?.ackAt)
          .filter((t): t is number => t !== undefined);
        if (listedAcks.length === 0) return;
        const allowed = Math.max(
          Math.min(...listedAcks),
          i === 0 ? Number.NEGATIVE_INFINITY : sorted[i - 1]!.receivedAt + ALERT_WINDOW_MS,
        );
        alertLateness.push((m.receivedAt - allowed) / 1000);
      });
    }
    const lastAlertAt = alerts.length ? Math.max(...alerts.map((m) => m.receivedAt)) : undefined;
    // Owners whose low ratings all came in before their window closed get exactly one alert.
    const ownersWithoutAlert = SKIP_ALERTS
      ? 0
      : [...firstAckByOwner.keys()].filter((o) => !alertsByOwner.has(o)).length;

    const db = await databaseCounts(database.url);
    await stopServer(child);

    const secondsToLastReply = replies.length ? round((lastReplyAt - burstStart) / 1000) : null;
    const secondsToLastAlert = lastAlertAt === undefined ? null : round((lastAlertAt - burstStart) / 1000);
    const latency = summary(replyLatencies, 0);
    const lateness = summary(alertLateness, 2);
    const mailCheck = {
      passed:
        missingReplies === 0 &&
        duplicateReplies === 0 &&
        strayReplies === 0 &&
        notListed === 0 &&
        listedTwice === 0 &&
        listedUnknown === 0 &&
        alertsTooClose === 0 &&
        ownersWithoutAlert === 0 &&
        subjectMismatches === 0 &&
        other.length === 0 &&
        acked.length > 0,
      missingReplies,
      duplicateReplies,
      strayReplies,
      lowRatingsNotListed: notListed,
      lowRatingsListedTwice: listedTwice,
      listedButNotAcknowledged: listedUnknown,
      alertsWithinTenMinutesOfAnother: alertsTooClose,
      ownersWithoutAlert,
      alertSubjectCountMismatches: subjectMismatches,
      lowRatingsBeyondAlertListLimit: unlistedOverflow,
      otherMails: other.map((m) => m.subject).slice(0, 20),
    };
    const targets = [
      {
        name: `every automatic reply received within ${TARGET_SECONDS} s of the burst's start`,
        target: `<= ${TARGET_SECONDS} s`,
        actual: secondsToLastReply,
        met: secondsToLastReply !== null && secondsToLastReply <= TARGET_SECONDS && missingReplies === 0,
      },
      ...(SKIP_ALERTS
        ? []
        : [
            {
              name: `every low-rating alert received within ${TARGET_SECONDS} s of the earliest moment the 10-minute rule allows`,
              target: `<= ${TARGET_SECONDS} s late`,
              actual: lateness.max,
              met: lateness.max !== null && lateness.max <= TARGET_SECONDS && notListed === 0,
            },
            {
              name: `every mail (replies and alerts) received within ${TARGET_SECONDS} s of the burst (literal reading; the 10-minute rule makes it impossible)`,
              target: `<= ${TARGET_SECONDS} s`,
              actual: secondsToLastAlert,
              met: secondsToLastAlert !== null && secondsToLastAlert <= TARGET_SECONDS,
            },
          ]),
      {
        name: 'no mail lost, duplicated or unexpected',
        target: 'pass',
        actual: mailCheck.passed ? 'pass' : 'fail',
        met: mailCheck.passed,
      },
    ];

    console.log('');
    console.log(`reviews acknowledged       ${acked.length} of ${REVIEWS} (burst ${round(burstSeconds)} s)`);
    console.log(
      `replies received           ${replies.length} (missing ${missingReplies}, duplicated ${duplicateReplies})`,
    );
    console.log(`seconds to last reply      ${secondsToLastReply}`);
    console.log(
      `reply latency (ack->mail)  p50 ${latency.p50} ms, p95 ${latency.p95} ms, p99 ${latency.p99} ms, max ${latency.max} ms`,
    );
    if (!SKIP_ALERTS) {
      console.log(
        `alerts received            ${alerts.length} for ${alertsByOwner.size} owners, listing ${[...listedTimes.keys()].length} low ratings`,
      );
      console.log(`seconds to last alert      ${secondsToLastAlert}`);
      console.log(
        `alert lateness (10-min rule) p50 ${lateness.p50} s, p95 ${lateness.p95} s, max ${lateness.max} s`,
      );
    }
    printTargets(targets);

    const report = {
      date: new Date().toISOString(),
      method:
        'one built server (node dist/main.js, NODE_ENV=test, RATE_LIMITS=off) on a fresh PostgreSQL database; the burst is sent over keep-alive HTTP/1.1 with a fixed number of requests in flight; mails are stamped by an SMTP sink on loopback when their DATA ends; latencies are measured from the 201 answer of the review to the reply mail',
      machine: machineInfo(loadBefore),
      database: database.name,
      logLevel: LOG_LEVEL,
      owners: OWNERS,
      connections: CONNECTIONS,
      alertsSkipped: SKIP_ALERTS,
      reviews: {
        sent: REVIEWS,
        acknowledged: acked.length,
        statuses: statusCounts,
        retried: reviews.filter((r) => r.attempts > 1).length,
        burstSeconds: round(burstSeconds),
        reviewsPerSecond: round(acked.length / burstSeconds),
      },
      replies: {
        received: replies.length,
        reviewsReplied: repliesPerReview.size,
        secondsToFirstReply: replies.length ? round((firstReplyAt - burstStart) / 1000) : null,
        secondsToLastReply,
        secondsFromLastAckToLastReply: replies.length ? round((lastReplyAt - burstEnd) / 1000) : null,
        latencyFromAckMs: latency,
        repliesPerSecond:
          replies.length > 1 ? round(replies.length / ((lastReplyAt - firstReplyAt) / 1000), 1) : null,
      },
      alerts: SKIP_ALERTS
        ? null
        : {
            received: alerts.length,
            owners: alertsByOwner.size,
            lowRatingsListed: [...listedTimes.keys()].length,
            secondsToLastAlert,
            windowSeconds: ALERT_WINDOW_MS / 1000,
            alertsPerOwner: summary(
              [...alertsByOwner.values()].map((l) => l.length),
              0,
            ),
            latenessSeconds: lateness,
            note: 'at most one alert per owner per 10 minutes (notifications.worker.ts), so the alerts covering a burst spread over 10 minutes or more; lateness = received - max(first listed low rating acknowledged, previous alert of the owner received + 600 s)',
          },
      mailCheck,
      databaseCounts: db,
      serverMetrics: finalMetrics
        ? {
            jobsFailedTotal: metricFamily(finalMetrics, 'starloop_jobs_failed_total'),
            emailsTotal: metricFamily(finalMetrics, 'starloop_emails_total'),
            rssMb: round((finalMetrics.get('process_resident_memory_bytes') ?? 0) / 1024 / 1024, 1),
          }
        : null,
      serverLog: await logProblems(work.logFile),
      samples,
      targets,
      allTargetsMet: targets.every((t) => t.met),
    };
    writeReport(OUT, report);
    if (!mailCheck.passed) {
      console.error(`Mail check failed: ${JSON.stringify(mailCheck)}`);
      return 1;
    }
    return 0;
  });
}

runBenchmark(main);
