import {
  deletePlacement,
  insertPlacement,
  insertReview,
  insertReviews,
  type TOwnerPublic,
  type TPlacement,
  type TReview,
} from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../../test/admin-api.ts';
import { adminListContract, newestFirst } from '../../../test/admin-list-contract.ts';
import { createSampleOwners } from '../../../test/test-server.ts';
import { newPlacementKey } from '../../owner/placements/placements.service.ts';

const BASE = Date.UTC(2026, 3, 1, 10, 0, 0);
const MINUTE = 60 * 1000;

interface TReviewBody {
  id: number;
  userId: number;
  code: string;
  rating: number;
  message: string;
  createdAt: string;
  user: { businessName: string; name: string };
  [key: string]: unknown;
}

type TRow = TReview & { owner: TOwnerPublic };

describe(`admin reviews API on ${testDriverName()}`, () => {
  const api = adminApi();
  const rows: TRow[] = [];

  beforeAll(async () => {
    const { sharma, mehta, glow } = await createSampleOwners(api.server);
    const owners = [sharma, mehta, glow];
    const ratings = [5, 4, 1, 3, 5, 2, 4, 5, 1, 3, 5, 4, 2, 5, 3, 4, 1, 5, 4, 2, 5, 3, 4, 5, 1];
    for (const [i, rating] of ratings.entries()) {
      const owner = owners[i % 3]!;
      const message =
        rating <= 2
          ? `Rude staff, visit ${i}`
          : rating === 3
            ? `Average visit ${i}`
            : i % 2
              ? ''
              : 'Loved it';
      // Two reviews share a timestamp so the id tie-break is exercised.
      const createdAt = new Date(BASE + (i === 7 ? 6 : i) * 10 * MINUTE);
      const review = await insertReview(api.db, { ownerId: owner.id, rating, message, createdAt });
      rows.push({ ...review, owner });
    }
  });

  const sharma = (r: TRow) => r.owner.code === 'sharma-sweets';
  adminListContract({
    rest: '/api/admin/reviews',
    trpc: 'admin.reviews.list',
    rowsKey: 'reviews',
    context: api.context,
    rows: () => newestFirst(rows),
    pageSizes: [4],
    search: {
      // Business name, business code and message.
      finds: {
        'sharma SWEETS': sharma,
        sharma,
        'mehta-cafe': (r) => r.owner.code === 'mehta-cafe',
        rude: (r) => r.message.startsWith('Rude'),
      },
      // The owner's name is not a search field here.
      findsNothing: ['zzz-nothing', 'Ravi'],
    },
    // The sort column, then date, then id, all in the asked direction.
    sorts: { rating: (r) => [r.rating, r.createdAt], createdAt: (r) => r.createdAt },
    notSortable: ['message'],
    sortMessages: {
      sortBy: 'sortBy must be createdAt or rating',
      sortOrder: 'sortOrder must be asc or desc',
    },
    totals: ['avgRating', 'totalReviews'],
  });

  it('answers the platform totals and every documented field of a review', async () => {
    const { status, body } = await api.get('/api/admin/reviews/?page=1&limit=10');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['avgRating', 'meta', 'reviews', 'success', 'totalReviews']);
    expect(body.success).toBe(true);
    expect(body.totalReviews).toBe(25);
    const sum = rows.reduce((s, r) => s + r.rating, 0);
    expect(body.avgRating).toBe(Math.round((sum / 25) * 10) / 10);
    const first = body.reviews[0] as TReviewBody;
    const source = newestFirst(rows)[0]!;
    expect(Object.keys(first).sort()).toEqual(
      [
        'code',
        'createdAt',
        'id',
        'message',
        'rating',
        'replyStatus',
        'replyText',
        'sentimentLabel',
        'sentimentScore',
        'user',
        'userId',
        'placement',
      ].sort(),
    );
    expect(first).toEqual({
      id: source.id,
      userId: source.owner.id,
      code: source.owner.code,
      rating: source.rating,
      message: source.message,
      createdAt: source.createdAt.toISOString(),
      sentimentLabel: null,
      sentimentScore: null,
      replyStatus: 'none',
      replyText: null,
      user: { businessName: source.owner.businessName, name: source.owner.name },
      placement: null,
    });
  });
});

describe(`admin reviews list: placements on ${testDriverName()}`, () => {
  const api = adminApi();

  it('names the placement of each review: Default (null), live, or deleted under its old name', async () => {
    const { sharma } = await createSampleOwners(api.server);
    const db = api.db;
    const placement = async (name: string) =>
      (await insertPlacement(db, { ownerId: sharma.id, key: newPlacementKey(), name }, null)) as TPlacement;
    const table = await placement('Table 4');
    const bag = await placement('Swiggy bag insert');
    const [viaTable, viaBag, plain] = await insertReviews(db, [
      { ownerId: sharma.id, rating: 5, message: 'table', placementKey: table.key },
      { ownerId: sharma.id, rating: 4, message: 'bag', placementKey: bag.key },
      { ownerId: sharma.id, rating: 3, message: 'plain', placementKey: null },
    ]);
    await deletePlacement(db, sharma.id, bag.id);

    const { status, body } = await api.get('/api/admin/reviews?page=1&limit=10');
    expect(status).toBe(200);
    const byId = new Map((body.reviews as TReviewBody[]).map((r) => [r.id, r.placement]));
    expect(byId.get(viaTable!.id)).toEqual({ id: table.id, name: 'Table 4', deleted: false });
    expect(byId.get(viaBag!.id)).toEqual({ id: bag.id, name: 'Swiggy bag insert', deleted: true });
    expect(byId.get(plain!.id)).toBeNull();
    const trpc = await api.query('admin.reviews.list', { page: 1, limit: 10 });
    expect(trpc.json().result.data.reviews).toEqual(body.reviews);
  });
});
