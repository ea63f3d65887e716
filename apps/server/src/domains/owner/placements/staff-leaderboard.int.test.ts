import {
  ACCOUNT_TEXTS,
  PLACEMENT_TEXTS,
  type TStaffLeaderboard,
  ZStaffLeaderboard,
} from '@starloop/contract';
import { findOwnerById } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createChain, type TChain } from '../../../test/accounts-kit.ts';
import { expectRestError } from '../../../test/client-kit.ts';
import { bearer } from '../../../test/requests-kit.ts';
import { createTestServer, type TTestServer } from '../../../test/test-server.ts';
import { storeReviews } from '../../public/review/review-writer.service.ts';

/** An IST wall-clock time as an instant. */
const ist = (local: string) => new Date(`${local}+05:30`);

/*
 * Placements of kind staff and the dashboard's staff leaderboard (issue 33 item 8): every figure
 * against a direct count of the seeded reviews and cases, on a fixed clock.
 */
describe(`staff leaderboard on ${testDriverName()}`, () => {
  let server: TTestServer;
  let chain: TChain;
  const NOW = ist('2026-12-10T12:00:00');
  const placements: Record<string, { id: number; key: string; kind: string }> = {};

  beforeAll(async () => {
    server = await createTestServer({}, { now: () => NOW });
    chain = await createChain(server, { branches: 2, name: 'Leaderboard Lassi' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const db = () => server.deps.db;
  const trpc = (path: string, input: unknown, token = chain.ownerToken, businessId = chain.first.id) =>
    server.app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { ...bearer(token), 'x-business-id': String(businessId), 'content-type': 'application/json' },
      payload: JSON.stringify(input),
    });
  const board = (query = '', token = chain.ownerToken, businessId = chain.first.id) =>
    server.app.inject({
      method: 'GET',
      url: `/api/v1/placements/staff-leaderboard${query}`,
      headers: { ...bearer(token), 'x-business-id': String(businessId) },
    });
  const store = async (placement: string | null, rating: number, at: string) => {
    const owner = (await findOwnerById(db(), chain.first.id))!;
    await db()
      .transaction()
      .execute((trx) =>
        storeReviews(server.deps, trx, [
          {
            owner,
            rating,
            message: rating <= 3 ? 'Could be better' : 'Good',
            createdAt: ist(at),
            placementKey: placement === null ? null : placements[placement]!.key,
          },
        ]),
      );
  };

  it('placements have a kind: a place unless created or renamed as staff', async () => {
    const create = async (name: string, kind?: string) => {
      const res = await trpc('owner.placements.create', { name, ...(kind ? { kind } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      const placement = res.json().result.data;
      placements[name] = placement;
      return placement;
    };
    expect(await create('Table 1')).toMatchObject({ name: 'Table 1', kind: 'place' });
    for (const name of ['Ravi', 'Priya', 'Meena', 'Sunil', 'Old'])
      expect(await create(name, 'staff')).toMatchObject({ kind: 'staff' });
    const refused = await trpc('owner.placements.create', { name: 'Odd', kind: 'robot' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(PLACEMENT_TEXTS.kindInvalid);
    // Renaming keeps the kind unless one is given.
    const renamed = await trpc('owner.placements.rename', { id: placements.Sunil!.id, name: 'Sunil K' });
    expect(renamed.json().result.data).toMatchObject({ name: 'Sunil K', kind: 'staff' });
    const moved = await trpc('owner.placements.rename', {
      id: placements['Table 1']!.id,
      name: 'Table 1',
      kind: 'staff',
    });
    expect(moved.json().result.data.kind).toBe('staff');
    await trpc('owner.placements.rename', { id: placements['Table 1']!.id, name: 'Table 1', kind: 'place' });
    const list = (
      await server.app.inject({
        method: 'GET',
        url: '/trpc/owner.placements.list',
        headers: { ...bearer(chain.ownerToken), 'x-business-id': String(chain.first.id) },
      })
    ).json().result.data.placements as { name: string; kind: string }[];
    expect(list.map((p) => [p.name, p.kind])).toEqual([
      ['Table 1', 'place'],
      ['Ravi', 'staff'],
      ['Priya', 'staff'],
      ['Meena', 'staff'],
      ['Sunil K', 'staff'],
      ['Old', 'staff'],
    ]);
  });

  it('ranks live staff placements by 4-5 star reviews, then average; every figure is a direct count', async () => {
    for (const [name, ratings] of [
      ['Ravi', [5, 5, 4, 2]],
      ['Meena', [5, 4, 5, 2]],
      ['Priya', [5, 4, 4, 1, 3]],
      ['Table 1', [1, 1]],
      ['Old', [5]],
    ] as const) {
      for (const [i, rating] of ratings.entries()) await store(name, rating, `2026-12-0${1 + i}T10:00:00`);
    }
    await store(null, 5, '2026-12-05T10:00:00');
    // Before the last 30 days: not counted.
    await store('Ravi', 1, '2026-10-20T10:00:00');
    await trpc('owner.placements.delete', { id: placements.Old!.id });

    const res = await board();
    expect(res.statusCode, res.body).toBe(200);
    const answer: TStaffLeaderboard = ZStaffLeaderboard.parse(res.json());
    expect(answer).toMatchObject({ from: '2026-11-11', to: '2026-12-10' });
    expect(answer.rows.map((r) => [r.rank, r.placement.name])).toEqual([
      [1, 'Meena'],
      [1, 'Ravi'],
      [3, 'Priya'],
      [4, 'Sunil K'],
    ]);
    const row = (name: string) => answer.rows.find((r) => r.placement.name === name)!;
    expect(row('Ravi')).toMatchObject({
      reviews: 4,
      averageRating: 4,
      positive: 3,
      positiveShare: 0.75,
      cases: 1,
    });
    expect(row('Priya')).toMatchObject({
      reviews: 5,
      averageRating: 3.4,
      positive: 3,
      positiveShare: 0.6,
      cases: 2,
    });
    expect(row('Sunil K')).toMatchObject({
      reviews: 0,
      averageRating: null,
      positive: 0,
      positiveShare: null,
      cases: 0,
    });

    // Each row against the rows themselves.
    for (const r of answer.rows) {
      const direct = await db()
        .selectFrom('reviews')
        .leftJoin('cases', 'cases.reviewId', 'reviews.id')
        .select([
          sql<number>`count(reviews.id)::int`.as('reviews'),
          sql<number | null>`avg(reviews.rating)::float8`.as('average'),
          sql<number>`(count(*) filter (where reviews.rating >= 4))::int`.as('positive'),
          sql<number>`count(cases.id)::int`.as('cases'),
        ])
        .where('reviews.placementId', '=', r.placement.id)
        .where('reviews.createdAt', '>=', ist('2026-11-11T00:00:00'))
        .where('reviews.createdAt', '<', ist('2026-12-11T00:00:00'))
        .executeTakeFirstOrThrow();
      expect(r.reviews).toBe(direct.reviews);
      expect(r.positive).toBe(direct.positive);
      expect(r.cases).toBe(direct.cases);
      if (direct.average === null) expect(r.averageRating).toBeNull();
      else expect(r.averageRating).toBeCloseTo(Number(direct.average), 10);
    }

    // A range that takes in October.
    const wide = ZStaffLeaderboard.parse((await board('?from=2026-10-01&to=2026-12-10')).json());
    expect(wide.rows.find((r) => r.placement.name === 'Ravi')).toMatchObject({ reviews: 5, cases: 2 });
    expectRestError(await board('?from=2026-12-10&to=2026-12-01'), 400, PLACEMENT_TEXTS.rangeReversed);
  });

  it('is empty for a branch without staff placements; owners and managers only, of their branches', async () => {
    const other = chain.branches[1]!;
    expect(ZStaffLeaderboard.parse((await board('', chain.ownerToken, other.id)).json()).rows).toEqual([]);
    const manager = await addMember(server, chain.accountId, 'manager', [chain.first.id]);
    expect((await board('', manager.token)).statusCode).toBe(200);
    expectRestError(await board('', manager.token, other.id), 403, ACCOUNT_TEXTS.branchForbidden);
    const staff = await addMember(server, chain.accountId, 'staff');
    expectRestError(await board('', staff.token), 403, ACCOUNT_TEXTS.manageForbidden);
    const stranger = await createChain(server, { branches: 1, name: 'Stranger Sweets' });
    expectRestError(await board('', stranger.ownerToken), 403, ACCOUNT_TEXTS.branchForbidden);
  });
});
