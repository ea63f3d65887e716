import {
  addDays,
  istDay,
  istDayStart,
  PLACEMENT_KEY_PATTERN,
  PLACEMENT_LIMITS,
  PLACEMENT_TEXTS,
} from '@starloop/contract';
import { addPlacementScans, insertPlacement, insertReviews } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProcedure } from '../../../test/admin-auth-cases.ts';
import { addressSequence } from '../../../test/client-kit.ts';
import { bearer } from '../../../test/requests-kit.ts';
import {
  createTestAdmin,
  createTestOwner,
  createTestServer,
  issueOwnerToken,
  type TTestServer,
} from '../../../test/test-server.ts';
import { newPlacementKey } from './placements.service.ts';

const freshIp = addressSequence('10.77');

describe(`owner placements on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const db = () => server.deps.db;
  const authFor = async (ownerId: number) => bearer((await issueOwnerToken(server, ownerId)).token);
  const query = (path: string, headers: Record<string, string>, input?: unknown) =>
    callProcedure(server, { path, kind: 'query', input }, headers);
  const mutate = (path: string, headers: Record<string, string>, input?: unknown) =>
    callProcedure(server, { path, kind: 'mutation', input }, headers);
  const data = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.data;
  };
  const expectError = (res: LightMyRequestResponse, status: number, message: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.message).toBe(message);
  };
  const submitReview = async (body: Record<string, unknown>) => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/reviews/',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      payload: JSON.stringify({ deviceId: `device-${Math.random()}`, ...body }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const placementOf = async (reviewId: number) =>
    (
      await db()
        .selectFrom('reviews')
        .select('placementId')
        .where('id', '=', reviewId)
        .executeTakeFirstOrThrow()
    ).placementId;

  describe('create, rename, delete', () => {
    it('creates placements with unguessable keys, renames them without a new key, deletes them keeping their reviews', async () => {
      const owner = await createTestOwner(server);
      const auth = await authFor(owner.id);
      expect(data(await query('owner.placements.list', auth))).toEqual({
        placements: [],
        limit: PLACEMENT_LIMITS.essential,
      });

      const table = data(await mutate('owner.placements.create', auth, { name: '  Table 4  ' }));
      expect(table).toMatchObject({ id: expect.any(Number), name: 'Table 4', createdAt: expect.any(String) });
      expect(table.key).toMatch(PLACEMENT_KEY_PATTERN);
      expect(table.key).toHaveLength(12);
      const counter = data(await mutate('owner.placements.create', auth, { name: 'Billing counter' }));
      expect(counter.key).not.toBe(table.key);
      expect(
        data(await query('owner.placements.list', auth)).placements.map((p: { name: string }) => p.name),
      ).toEqual(['Table 4', 'Billing counter']);

      const renamed = data(
        await mutate('owner.placements.rename', auth, { id: table.id, name: 'Patio table 4' }),
      );
      expect(renamed).toEqual({ ...table, name: 'Patio table 4' });

      const reviewId = await submitReview({ code: owner.code, rating: 5, placement: table.key });
      expect(await placementOf(reviewId)).toBe(table.id);

      const deleted = data(await mutate('owner.placements.delete', auth, { id: table.id }));
      expect(deleted).toEqual({ success: true, message: PLACEMENT_TEXTS.deleted });
      expect(
        data(await query('owner.placements.list', auth)).placements.map((p: { id: number }) => p.id),
      ).toEqual([counter.id]);
      // The review keeps its placement; the stats show it under its old name, marked deleted.
      expect(await placementOf(reviewId)).toBe(table.id);
      const stats = data(await query('owner.placements.stats', auth, {}));
      expect(stats.rows.map((r: { placement: unknown }) => r.placement)).toEqual([
        { id: null, name: 'Default', key: null, deleted: false },
        { id: counter.id, name: 'Billing counter', key: counter.key, deleted: false },
        { id: table.id, name: 'Patio table 4', key: table.key, deleted: true },
      ]);
      expect(stats.rows[2]).toMatchObject({ ratings: 1, averageRating: 5, positive: 1 });

      // A deleted placement's key no longer takes reviews: they count for Default.
      const later = await submitReview({ code: owner.code, rating: 4, placement: table.key });
      expect(await placementOf(later)).toBeNull();
      // Twice deleted, or renamed after deletion: not found.
      expectError(
        await mutate('owner.placements.delete', auth, { id: table.id }),
        404,
        PLACEMENT_TEXTS.notFound,
      );
      expectError(
        await mutate('owner.placements.rename', auth, { id: table.id, name: 'Back' }),
        404,
        PLACEMENT_TEXTS.notFound,
      );
      // Its name is free again.
      expect(data(await mutate('owner.placements.create', auth, { name: 'patio TABLE 4' })).key).not.toBe(
        table.key,
      );
    });

    it('checks names: required, at most 60 characters, not "Default", unique per owner whatever the case', async () => {
      const owner = await createTestOwner(server);
      const auth = await authFor(owner.id);
      expectError(
        await mutate('owner.placements.create', auth, { name: '   ' }),
        400,
        PLACEMENT_TEXTS.nameRequired,
      );
      expectError(await mutate('owner.placements.create', auth, {}), 400, PLACEMENT_TEXTS.nameRequired);
      expectError(
        await mutate('owner.placements.create', auth, { name: 'x'.repeat(61) }),
        400,
        PLACEMENT_TEXTS.nameMax,
      );
      expectError(
        await mutate('owner.placements.create', auth, { name: 'default' }),
        400,
        PLACEMENT_TEXTS.nameReserved,
      );
      const first = data(await mutate('owner.placements.create', auth, { name: 'Swiggy bag insert' }));
      const taken = await mutate('owner.placements.create', auth, { name: 'SWIGGY bag insert' });
      expectError(taken, 409, PLACEMENT_TEXTS.nameTaken);
      expect(taken.json().error.data.field).toBe('name');
      const other = data(await mutate('owner.placements.create', auth, { name: 'Ravi (staff)' }));
      expectError(
        await mutate('owner.placements.rename', auth, { id: other.id, name: 'swiggy BAG insert' }),
        409,
        PLACEMENT_TEXTS.nameTaken,
      );
      // Renaming to its own name in another case is fine.
      expect(
        data(await mutate('owner.placements.rename', auth, { id: first.id, name: 'Swiggy Bag Insert' })).name,
      ).toBe('Swiggy Bag Insert');
      // Another owner may use the same names.
      const b = await createTestOwner(server);
      expect(
        (await mutate('owner.placements.create', await authFor(b.id), { name: 'Swiggy bag insert' }))
          .statusCode,
      ).toBe(200);
    });
  });

  describe('limits per plan', () => {
    const seed = async (ownerId: number, n: number) => {
      for (let i = 0; i < n; i += 1) {
        await insertPlacement(db(), { ownerId, key: newPlacementKey(), name: `Table ${i + 1}` }, null);
      }
    };

    it('Essential: 50 live placements, deleted ones do not count', async () => {
      const limit = PLACEMENT_LIMITS.essential!;
      expect(limit).toBe(50);
      const owner = await createTestOwner(server, { plan: 'essential' });
      const auth = await authFor(owner.id);
      await seed(owner.id, limit - 1);
      const last = data(await mutate('owner.placements.create', auth, { name: 'Table 50' }));
      expectError(
        await mutate('owner.placements.create', auth, { name: 'Table 51' }),
        403,
        PLACEMENT_TEXTS.limitReached(limit),
      );
      data(await mutate('owner.placements.delete', auth, { id: last.id }));
      expect((await mutate('owner.placements.create', auth, { name: 'Table 51' })).statusCode).toBe(200);
      expect(data(await query('owner.placements.list', auth)).placements).toHaveLength(limit);
    });

    it('Essential: adds sent at once cannot pass the limit together', async () => {
      const limit = PLACEMENT_LIMITS.essential!;
      const owner = await createTestOwner(server, { plan: 'essential' });
      const auth = await authFor(owner.id);
      await seed(owner.id, limit - 2);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => mutate('owner.placements.create', auth, { name: `Rush ${i}` })),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
      expect(answers.filter((r) => r.statusCode === 403)).toHaveLength(4);
      const { n } = await db()
        .selectFrom('placements')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('ownerId', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(n).toBe(limit);
    });

    it('Professional: no limit', async () => {
      expect(PLACEMENT_LIMITS.professional).toBeNull();
      const owner = await createTestOwner(server, { plan: 'professional' });
      const auth = await authFor(owner.id);
      await seed(owner.id, 55);
      expect((await mutate('owner.placements.create', auth, { name: 'Table 56' })).statusCode).toBe(200);
      expect(data(await query('owner.placements.list', auth))).toMatchObject({ limit: null });
    });
  });

  describe('reviews through a placement', () => {
    it('records the placement; Default without one, and for unknown, malformed or foreign keys (never an error)', async () => {
      const owner = await createTestOwner(server);
      const other = await createTestOwner(server);
      const auth = await authFor(owner.id);
      const table = data(await mutate('owner.placements.create', auth, { name: 'Table 1' }));
      const foreign = data(
        await mutate('owner.placements.create', await authFor(other.id), { name: 'Theirs' }),
      );

      expect(
        await placementOf(await submitReview({ code: owner.code, rating: 5, placement: table.key })),
      ).toBe(table.id);
      expect(
        await placementOf(
          await submitReview({ code: owner.code, rating: 2, message: 'Slow', placement: table.key }),
        ),
      ).toBe(table.id);
      for (const placement of [undefined, '', newPlacementKey(), 'not a key!', foreign.key]) {
        const id = await submitReview({
          code: owner.code,
          rating: 4,
          ...(placement === undefined ? {} : { placement }),
        });
        expect(await placementOf(id), String(placement)).toBeNull();
      }
      // Longer than 64 characters is refused by the schema, like any malformed field.
      const long = await server.app.inject({
        method: 'POST',
        url: '/api/reviews/',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
        payload: JSON.stringify({ code: owner.code, rating: 5, placement: 'a'.repeat(65) }),
      });
      expect(long.statusCode).toBe(400);
    });

    it('attributes a whole group-commit batch in its one statement', async () => {
      const owner = await createTestOwner(server);
      const other = await createTestOwner(server);
      const auth = await authFor(owner.id);
      const a = data(await mutate('owner.placements.create', auth, { name: 'A' }));
      const b = data(await mutate('owner.placements.create', auth, { name: 'B' }));
      const theirs = data(await mutate('owner.placements.create', await authFor(other.id), { name: 'B' }));
      const submissions = [
        { owner, placementKey: a.key, want: a.id },
        { owner, placementKey: b.key, want: b.id },
        { owner, placementKey: null, want: null },
        { owner, placementKey: theirs.key, want: null },
        { owner: other, placementKey: theirs.key, want: theirs.id },
        { owner: other, placementKey: a.key, want: null },
      ];
      const ids = await Promise.all(
        submissions.map((s) =>
          server.deps.reviewWriter.submit({
            owner: s.owner,
            rating: 5,
            message: '',
            placementKey: s.placementKey,
          }),
        ),
      );
      for (const [i, { id }] of ids.entries())
        expect(await placementOf(id), String(i)).toBe(submissions[i]!.want);
    });
  });

  describe('the By-placement figures', () => {
    it('match a direct count of the reviews and scan counters over the chosen IST days', async () => {
      const owner = await createTestOwner(server);
      const auth = await authFor(owner.id);
      const t1 = data(await mutate('owner.placements.create', auth, { name: 'Table 1' }));
      const t2 = data(await mutate('owner.placements.create', auth, { name: 'Table 2' }));
      const idle = data(await mutate('owner.placements.create', auth, { name: 'Idle' }));
      const today = istDay(new Date());
      const day = (n: number) => addDays(today, -n);
      // Reviews over 10 days, some just inside and just outside the range's IST edges.
      const reviews: { placementKey: string | null; rating: number; createdAt: Date }[] = [];
      const keys = [t1.key, t2.key, null];
      for (let n = 0; n < 10; n += 1) {
        for (let j = 0; j < 4; j += 1) {
          reviews.push({
            placementKey: keys[(n + j) % 3] ?? null,
            rating: ((n * 3 + j) % 5) + 1,
            createdAt: new Date(
              istDayStart(day(n)).getTime() + (j === 0 ? 0 : j === 3 ? 86_399_000 : j * 3_600_000),
            ),
          });
        }
      }
      await insertReviews(
        db(),
        reviews.map((r) => ({ ownerId: owner.id, message: '', ...r })),
      );
      const scans = [];
      for (let n = 0; n < 10; n += 1) {
        scans.push({ ownerId: owner.id, placementKey: t1.key, day: day(n), scans: 10 + n });
        scans.push({ ownerId: owner.id, placementKey: null, day: day(n), scans: 3 });
        if (n % 2) scans.push({ ownerId: owner.id, placementKey: t2.key, day: day(n), scans: 7 });
      }
      await addPlacementScans(db(), scans);

      const from = day(6);
      const to = day(2);
      const stats = data(await query('owner.placements.stats', auth, { from, to }));
      expect(stats).toMatchObject({ from, to });

      const direct = await sql<{
        placementId: number | null;
        ratings: number;
        ratingSum: number;
        positive: number;
      }>`select placement_id, count(*)::int as ratings, sum(rating)::int as rating_sum,
                (count(*) filter (where rating in (4, 5)))::int as positive
           from reviews
          where owner_id = ${owner.id}
            and ((created_at at time zone 'UTC') + interval '330 minutes')::date
                between ${from}::date and ${to}::date
          group by placement_id`.execute(db());
      const directScans = await sql<{ placementId: number | null; scans: number }>`
        select placement_id, sum(scans)::int as scans from placement_scans
         where owner_id = ${owner.id} and day between ${from}::date and ${to}::date
         group by placement_id`.execute(db());

      // Ratings that came with a scan: per placement and IST day, no more than that day's scans.
      const directMatched = await sql<{ placementId: number | null; scanRatings: number }>`
        select r.placement_id, sum(least(r.n, coalesce(s.scans, 0)))::int as scan_ratings
          from (select placement_id,
                       ((created_at at time zone 'UTC') + interval '330 minutes')::date as day,
                       count(*)::int as n
                  from reviews
                 where owner_id = ${owner.id}
                   and ((created_at at time zone 'UTC') + interval '330 minutes')::date
                       between ${from}::date and ${to}::date
                 group by 1, 2) r
          left join placement_scans s
            on s.owner_id = ${owner.id} and s.day = r.day
           and coalesce(s.placement_id, 0) = coalesce(r.placement_id, 0)
         group by r.placement_id`.execute(db());

      const expected = (placementId: number | null) => {
        const r = direct.rows.find((row) => row.placementId === placementId);
        const s = directScans.rows.find((row) => row.placementId === placementId)?.scans ?? 0;
        const matched = directMatched.rows.find((row) => row.placementId === placementId)?.scanRatings ?? 0;
        const ratings = r?.ratings ?? 0;
        return {
          scans: s,
          ratings,
          averageRating: ratings ? r!.ratingSum / ratings : 0,
          positive: r?.positive ?? 0,
          positiveShare: ratings ? r!.positive / ratings : null,
          scanRatings: matched,
          ratingsWithoutScan: ratings - matched,
          conversion: s ? matched / s : null,
        };
      };
      const rows = stats.rows as { placement: { id: number | null; name: string } }[];
      expect(rows.map((r) => r.placement.name)).toEqual(['Default', 'Table 1', 'Table 2', 'Idle']);
      for (const row of rows) {
        const { placement, ...figures } = row;
        expect(figures, placement.name).toEqual(expected(placement.id));
      }
      expect(rows[3]).toMatchObject({ scans: 0, ratings: 0, positiveShare: null, conversion: null });
      expect(idle.id).toBe(rows[3]!.placement.id);
      // 5 days x 4 reviews; scans 3 + (10+n) per day plus 7 on odd days.
      expect(stats.totals.ratings).toBe(20);
      expect(stats.totals.scans).toBe(5 * 3 + (12 + 13 + 14 + 15 + 16) + 7 * 2);
      expect(stats.totals.ratings).toBe(
        rows.reduce((s, r) => s + (r as unknown as { ratings: number }).ratings, 0),
      );
    });

    it('never converts above 100%: 15 ratings on a day of 1 scan are 1 from the scan and 14 without', async () => {
      const owner = await createTestOwner(server);
      const auth = await authFor(owner.id);
      const today = istDay(new Date());
      const yesterday = addDays(today, -1);
      await insertReviews(
        db(),
        Array.from({ length: 15 }, (_, i) => ({
          ownerId: owner.id,
          message: '',
          placementKey: null,
          rating: (i % 5) + 1,
          createdAt: new Date(istDayStart(today).getTime() + i * 60_000),
        })),
      );
      // A scan yesterday does not make today's ratings scanned ones (same period only).
      await addPlacementScans(db(), [
        { ownerId: owner.id, placementKey: null, day: today, scans: 1 },
        { ownerId: owner.id, placementKey: null, day: yesterday, scans: 4 },
      ]);
      const stats = data(await query('owner.placements.stats', auth, { from: yesterday, to: today }));
      expect(stats.totals).toMatchObject({
        scans: 5,
        ratings: 15,
        scanRatings: 1,
        ratingsWithoutScan: 14,
        conversion: 1 / 5,
      });
      const todayOnly = data(await query('owner.placements.stats', auth, { from: today, to: today }));
      expect(todayOnly.totals).toMatchObject({ scans: 1, ratings: 15, scanRatings: 1, conversion: 1 });
    });

    it('defaults to the last 30 days and checks the range', async () => {
      const owner = await createTestOwner(server);
      const auth = await authFor(owner.id);
      const today = istDay(new Date());
      const stats = data(await query('owner.placements.stats', auth));
      expect(stats).toMatchObject({ from: addDays(today, -29), to: today });
      expect(stats.rows).toHaveLength(1);
      expect(stats.totals).toEqual({
        scans: 0,
        ratings: 0,
        averageRating: 0,
        positive: 0,
        positiveShare: null,
        scanRatings: 0,
        ratingsWithoutScan: 0,
        conversion: null,
      });
      expectError(
        await query('owner.placements.stats', auth, { from: today, to: addDays(today, -1) }),
        400,
        PLACEMENT_TEXTS.rangeReversed,
      );
      expectError(
        await query('owner.placements.stats', auth, { from: addDays(today, -366), to: today }),
        400,
        PLACEMENT_TEXTS.rangeTooLong,
      );
      expectError(
        await query('owner.placements.stats', auth, { from: '2026-02-30' }),
        400,
        PLACEMENT_TEXTS.dateInvalid,
      );
      expect(
        data(await query('owner.placements.stats', auth, { from: addDays(today, -365), to: today })).from,
      ).toBe(addDays(today, -365));
    });
  });

  describe('one owner never reaches another', () => {
    it("refuses or hides B's placements from A, by id and by key", async () => {
      const a = await createTestOwner(server);
      const b = await createTestOwner(server);
      const aAuth = await authFor(a.id);
      const bAuth = await authFor(b.id);
      const bTable = data(await mutate('owner.placements.create', bAuth, { name: 'B secret table' }));
      await submitReview({ code: b.code, rating: 5, placement: bTable.key });
      // A review on A's page carrying B's key counts for A's Default, never for B.
      const aReview = await submitReview({ code: a.code, rating: 3, message: 'ok', placement: bTable.key });
      expect(await placementOf(aReview)).toBeNull();
      await countAndFlush(a.id, bTable.key);

      expectError(
        await mutate('owner.placements.rename', aAuth, { id: bTable.id, name: 'Hijacked' }),
        404,
        PLACEMENT_TEXTS.notFound,
      );
      expectError(
        await mutate('owner.placements.delete', aAuth, { id: bTable.id }),
        404,
        PLACEMENT_TEXTS.notFound,
      );
      // The same answer as for an id that does not exist.
      expectError(
        await mutate('owner.placements.delete', aAuth, { id: 2_000_000_001 }),
        404,
        PLACEMENT_TEXTS.notFound,
      );
      const aList = await query('owner.placements.list', aAuth);
      expect(data(aList).placements).toEqual([]);
      const aStats = await query('owner.placements.stats', aAuth, {});
      expect(aStats.body).not.toContain('B secret table');
      expect(aStats.body).not.toContain(bTable.key);
      expect(data(aStats).rows).toHaveLength(1);
      expect(data(aStats).rows[0]).toMatchObject({ placement: { id: null }, scans: 1, ratings: 1 });

      // B's placement is untouched, with only B's scan and review.
      const bStats = data(await query('owner.placements.stats', bAuth, {}));
      expect(bStats.rows[1]).toMatchObject({
        placement: { id: bTable.id, name: 'B secret table' },
        scans: 0,
        ratings: 1,
      });
    });

    it('refuses admin tokens and no token on every owner.placements procedure', async () => {
      const admin = await createTestAdmin(server);
      const adminAuth = bearer((await server.deps.tokens.issue('admin', admin.id)).token);
      const owner = await createTestOwner(server);
      const table = data(
        await mutate('owner.placements.create', await authFor(owner.id), { name: 'Counter' }),
      );
      const calls = [
        { path: 'owner.placements.list', kind: 'query' as const },
        { path: 'owner.placements.stats', kind: 'query' as const, input: {} },
        { path: 'owner.placements.create', kind: 'mutation' as const, input: { name: 'By admin' } },
        {
          path: 'owner.placements.rename',
          kind: 'mutation' as const,
          input: { id: table.id, name: 'By admin' },
        },
        { path: 'owner.placements.delete', kind: 'mutation' as const, input: { id: table.id } },
      ];
      for (const call of calls) {
        for (const headers of [adminAuth, {}]) {
          const res = await callProcedure(server, call, headers);
          expect(res.statusCode, call.path).toBe(401);
          expect(res.json().error.data.code).toBe('UNAUTHORIZED');
        }
      }
      const rows = await db().selectFrom('placements').selectAll().where('ownerId', '=', owner.id).execute();
      expect(rows).toMatchObject([{ id: table.id, name: 'Counter', deletedAt: null }]);
    });
  });

  /** One view of `ownerId`'s page with `key`, written at once. */
  async function countAndFlush(ownerId: number, key: string | null) {
    server.deps.pageViews.add({ ownerId, placementKey: key, day: istDay(new Date()) });
    await server.deps.pageViews.flush();
  }
});
