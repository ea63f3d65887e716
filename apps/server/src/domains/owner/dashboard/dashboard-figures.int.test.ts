import { addDays, istDay, istDayStart } from '@starloop/contract';
import { addPlacementScans, insertReviews } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure } from '../../../test/admin-auth-cases.ts';
import {
  createTestOwner,
  createTestServer,
  issueOwnerToken,
  type TTestServer,
} from '../../../test/test-server.ts';
import { getOwnerStats } from './dashboard.service.ts';

/**
 * Issue 34 item 5: every figure the owner's dashboard shows (the cards, the two charts, the
 * requests card, By placement) equals a direct count of the rows, here written in plain SQL
 * beside the answer, over data spread across 14 months, placements, requests and Google.
 */
describe(`every dashboard figure is a direct count on ${testDriverName()}`, () => {
  let server: TTestServer;
  let owner: Awaited<ReturnType<typeof createTestOwner>>;
  let auth: Record<string, string>;
  const now = new Date();
  const today = istDay(now);

  beforeAll(async () => {
    server = await createTestServer();
    owner = await createTestOwner(server);
    auth = { authorization: `Bearer ${(await issueOwnerToken(server, owner.id)).token}` };
    const db = server.deps.db;
    const mutate = async (path: string, input: unknown) =>
      (await callProcedure(server, { path, kind: 'mutation', input }, auth)).json().result.data;
    const t1 = await mutate('owner.placements.create', { name: 'Table 1' });
    const t2 = await mutate('owner.placements.create', { name: 'Counter' });
    const keys = [null, t1.key, t2.key];

    // 70 QR reviews, one every 6.5 days back from now (about 15 months), ratings in a 7-step cycle.
    const reviews = Array.from({ length: 70 }, (_, i) => ({
      ownerId: owner.id,
      rating: [5, 4, 1, 5, 3, 2, 5][i % 7]!,
      message: i % 3 ? `review ${i}` : '',
      placementKey: keys[i % 3] ?? null,
      createdAt: new Date(now.getTime() - i * 6.5 * 86_400_000 - 60_000),
    }));
    // Today: a burst on Table 1 beyond its scans (the issue's "1 scan and 15 ratings").
    for (let i = 0; i < 15; i += 1) {
      reviews.push({
        ownerId: owner.id,
        rating: (i % 5) + 1,
        message: '',
        placementKey: t1.key,
        createdAt: new Date(Math.max(istDayStart(today).getTime(), now.getTime() - 3_600_000) + i * 1000),
      });
    }
    const written = await insertReviews(db, reviews);

    // Six of them came through review requests (reviewed), four more requests were sent and not answered.
    const viaRequests = written.filter((_, i) => i % 11 === 0).slice(0, 6);
    await db
      .insertInto('reviewRequests')
      .values([
        ...viaRequests.map((r, i) => ({
          ownerId: owner.id,
          token: `dashtok${String(i).padStart(3, '0')}`,
          category: 'service' as const,
          status: 'sent' as const,
          sendAt: r.createdAt,
          sentAt: r.createdAt,
          reviewId: r.id,
          rating: r.rating,
          reviewedAt: r.createdAt,
        })),
        ...[0, 1, 2, 3].map((i) => ({
          ownerId: owner.id,
          token: `dashtox${String(i).padStart(3, '0')}`,
          category: 'service' as const,
          status: 'sent' as const,
          sendAt: now,
          sentAt: now,
        })),
      ])
      .execute();

    // Scans: every day of the last 20 on Default and Counter, one today on Table 1.
    const scans = [];
    for (let n = 0; n < 20; n += 1) {
      scans.push({ ownerId: owner.id, placementKey: null, day: addDays(today, -n), scans: 2 + (n % 4) });
      scans.push({ ownerId: owner.id, placementKey: t2.key, day: addDays(today, -n), scans: n % 3 });
    }
    scans.push({ ownerId: owner.id, placementKey: t1.key, day: today, scans: 1 });
    await addPlacementScans(db, scans);

    // Google: a connection and five reviews, one of them deleted on Google.
    await db
      .insertInto('googleConnections')
      .values({
        ownerId: owner.id,
        status: 'active',
        refreshTokenSealed: 'sealed',
        locationName: 'locations/1',
      })
      .execute();
    await db
      .insertInto('googleReviews')
      .values(
        [5, 4, 2, 5, 1].map((rating, i) => ({
          ownerId: owner.id,
          reviewName: `accounts/1/locations/1/reviews/dash-${owner.id}-${i}`,
          rating,
          createdOnGoogle: new Date(now.getTime() - i * 40 * 86_400_000),
          updatedOnGoogle: new Date(now.getTime() - i * 40 * 86_400_000),
          deletedAt: i === 4 ? now : null,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const query = async (path: string, input?: unknown) => {
    const res = await callProcedure(server, { path, kind: 'query', input }, auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.data;
  };
  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(server.deps.db)).rows;
  const oneDecimal = (v: number) => Math.round(v * 10) / 10;

  /** The cards and charts as plain SQL over `reviews` (and live `google_reviews` when `google`). */
  async function directStats(google: boolean) {
    const union = google
      ? sql`select rating, created_at from reviews where owner_id = ${owner.id}
            union all
            select rating, created_on_google from google_reviews
             where owner_id = ${owner.id} and deleted_at is null`
      : sql`select rating, created_at from reviews where owner_id = ${owner.id}`;
    const [totals] = await rows(
      sql<{ n: number; sum: number; s1: number; s2: number; s3: number; s4: number; s5: number }>`
        select count(*)::int as n, coalesce(sum(rating), 0)::int as sum,
               (count(*) filter (where rating = 1))::int as s1, (count(*) filter (where rating = 2))::int as s2,
               (count(*) filter (where rating = 3))::int as s3, (count(*) filter (where rating = 4))::int as s4,
               (count(*) filter (where rating = 5))::int as s5
          from (${union}) as r (rating, created_at)`,
    );
    const months = await rows(
      sql<{ month: string; n: number; sum: number }>`
        select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as n,
               sum(rating)::int as sum
          from (${union}) as r (rating, created_at)
         group by 1`,
    );
    return { totals: totals!, months };
  }

  function expectStats(
    stats: Awaited<ReturnType<typeof getOwnerStats>>,
    direct: Awaited<ReturnType<typeof directStats>>,
  ) {
    const { n, sum } = direct.totals;
    expect(stats.totalReviews).toBe(n);
    expect(stats.averageRating).toBe(oneDecimal(sum / n));
    expect(stats.fiveStarCount).toBe(direct.totals.s5);
    expect(stats.fiveStarPercent).toBe(Math.round((direct.totals.s5 / n) * 100));
    expect(stats.fiveStarPercent).toBeLessThanOrEqual(100);
    expect(stats.stars).toEqual({
      1: direct.totals.s1,
      2: direct.totals.s2,
      3: direct.totals.s3,
      4: direct.totals.s4,
      5: direct.totals.s5,
    });
    // The chart's 12 months: each month's count and average as counted; older months are not in it.
    expect(stats.monthly).toHaveLength(12);
    for (const month of stats.monthly) {
      const found = direct.months.find((m) => m.month === month.month);
      expect(month, month.month).toEqual({
        month: month.month,
        count: found?.n ?? 0,
        averageRating: found ? oneDecimal(found.sum / found.n) : 0,
      });
    }
    const charted = stats.monthly.reduce((total, m) => total + m.count, 0);
    const first = stats.monthly[0]!.month;
    const inWindow = direct.months.filter((m) => m.month >= first).reduce((total, m) => total + m.n, 0);
    expect(charted).toBe(inWindow);
    expect(charted).toBeLessThan(n); // the seed spans more than 12 months
  }

  it('the cards and charts of QR reviews (Google off on the server)', async () => {
    const stats = await query('owner.dashboard.stats');
    expect(stats.sources).toEqual(['qr']);
    expectStats(stats, await directStats(false));
    expect(stats.bySource.qr.count).toBe((await directStats(false)).totals.n);
  });

  it('the cards and charts of QR and Google reviews together (deleted Google reviews left out)', async () => {
    const on = {
      ...server.deps,
      config: { ...server.deps.config, google: { ...server.deps.config.google, enabled: true } },
    };
    const stats = await getOwnerStats(on, owner.id, 'all');
    expect(stats.sources).toEqual(['qr', 'google']);
    expectStats(stats, await directStats(true));
    const [google] = await rows(
      sql<{ n: number; sum: number }>`select count(*)::int as n, sum(rating)::int as sum from google_reviews
        where owner_id = ${owner.id} and deleted_at is null`,
    );
    expect(stats.bySource?.google).toEqual({
      count: google!.n,
      averageRating: oneDecimal(google!.sum / google!.n),
    });
    expect(stats.bySource!.qr.count + stats.bySource!.google.count).toBe(stats.totalReviews);
  });

  it('the requests card: reviews from requests, their average and the QR reviews apart', async () => {
    const summary = await query('owner.requests.summary');
    const [direct] = await rows(
      sql<{ viaRequests: number; sum: number; qr: number; sent: number }>`
        select (select count(*)::int from review_requests
                 where owner_id = ${owner.id} and reviewed_at is not null) as via_requests,
               (select sum(r.rating)::int from reviews r join review_requests q on q.review_id = r.id
                 where q.owner_id = ${owner.id} and q.reviewed_at is not null) as sum,
               (select count(*)::int from reviews r where r.owner_id = ${owner.id}
                   and not exists (select 1 from review_requests q
                                    where q.review_id = r.id and q.reviewed_at is not null)) as qr,
               (select count(*)::int from review_requests
                 where owner_id = ${owner.id} and sent_at is not null) as sent`,
    );
    expect(summary.reviewsFromRequests).toBe(direct!.viaRequests);
    expect(summary.averageFromRequests).toBe(direct!.sum / direct!.viaRequests);
    expect(summary.qrReviews).toBe(direct!.qr);
    expect(summary.requestsSent).toBe(direct!.sent);
  });

  it('By placement: scans, ratings, scanned ratings, ratings without a scan and conversion, never above 100%', async () => {
    const from = addDays(today, -29);
    const stats = await query('owner.placements.stats', { from, to: today });
    const istDate = sql`((created_at at time zone 'UTC') + interval '330 minutes')::date`;
    const direct = await rows(
      sql<{ placementId: number | null; ratings: number; sum: number; positive: number; matched: number }>`
        select r.placement_id, sum(r.n)::int as ratings, sum(r.sum)::int as sum,
               sum(r.positive)::int as positive, sum(least(r.n, coalesce(s.scans, 0)))::int as matched
          from (select placement_id, ${istDate} as day, count(*)::int as n, sum(rating)::int as sum,
                       (count(*) filter (where rating >= 4))::int as positive
                  from reviews
                 where owner_id = ${owner.id} and ${istDate} between ${from}::date and ${today}::date
                 group by 1, 2) r
          left join placement_scans s
            on s.owner_id = ${owner.id} and s.day = r.day
           and coalesce(s.placement_id, 0) = coalesce(r.placement_id, 0)
         group by r.placement_id`,
    );
    const scans = await rows(
      sql<{ placementId: number | null; scans: number }>`
        select placement_id, sum(scans)::int as scans from placement_scans
         where owner_id = ${owner.id} and day between ${from}::date and ${today}::date
         group by placement_id`,
    );
    let totalMatched = 0;
    for (const row of stats.rows as { placement: { id: number | null; name: string } }[]) {
      const r = direct.find((d) => d.placementId === row.placement.id);
      const s = scans.find((d) => d.placementId === row.placement.id)?.scans ?? 0;
      const ratings = r?.ratings ?? 0;
      const matched = r?.matched ?? 0;
      totalMatched += matched;
      expect(row, row.placement.name).toEqual({
        placement: row.placement,
        scans: s,
        ratings,
        averageRating: ratings ? r!.sum / ratings : 0,
        positive: r?.positive ?? 0,
        positiveShare: ratings ? r!.positive / ratings : null,
        scanRatings: matched,
        ratingsWithoutScan: ratings - matched,
        conversion: s ? matched / s : null,
      });
      if (s) expect((row as unknown as { conversion: number }).conversion).toBeLessThanOrEqual(1);
    }
    const table1 = stats.rows.find((r: { placement: { name: string } }) => r.placement.name === 'Table 1');
    // Table 1 today: 1 scan, 15+ ratings: conversion 100%, the rest counted apart.
    expect(table1.scans).toBe(1);
    expect(table1.conversion).toBe(1);
    expect(table1.ratingsWithoutScan).toBe(table1.ratings - 1);
    expect(stats.totals.scanRatings).toBe(totalMatched);
    expect(stats.totals.ratings).toBe(direct.reduce((t, r) => t + r.ratings, 0));
    expect(stats.totals.scans).toBe(scans.reduce((t, r) => t + r.scans, 0));
    expect(stats.totals.conversion).toBe(totalMatched / stats.totals.scans);
  });
});
