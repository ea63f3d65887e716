import { beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../client.ts';
import { insertTestOwner, useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import { insertGoogleReviews } from './google/google-reviews.ts';
import { markGoogleReviewDeleted } from './google/google-sync.ts';
import { insertReviews } from './reviews.ts';
import {
  listBranchReviewsBySource,
  listOwnerReviewsBySource,
  type TReviewSource,
  type TSourcedReview,
} from './sourced-reviews.ts';

const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 12, minute));

/** The dashboard's order: newest first, then source ('qr' before 'google') and id, all descending. */
const listOrder = (a: TSourcedReview, b: TSourcedReview): number => {
  const time = (r: TSourcedReview) => (r.source === 'qr' ? r.review.createdAt : r.review.createdOnGoogle);
  return (
    time(b).getTime() - time(a).getTime() || b.source.localeCompare(a.source) || b.review.id - a.review.id
  );
};

const keyOf = (row: TSourcedReview) => `${row.source}:${row.review.id}`;

describe(`listOwnerReviewsBySource on ${testDriverName()}`, () => {
  const t = useTestDb();
  const db = (): TDb => t.db;
  let ownerId = 0;
  /** Every live review of the owner, in list order. */
  let all: TSourcedReview[] = [];

  beforeAll(async () => {
    ownerId = (await insertTestOwner(db())).id;
    const other = (await insertTestOwner(db())).id;
    // Minutes repeat within and across the sources: the tie-breakers (source, id) decide.
    const qrMinutes = [0, 1, 1, 3, 5, 5, 5, 8, 9, 9, 12, 13, 13];
    const qr = await insertReviews(
      db(),
      qrMinutes.map((minute, i) => ({
        ownerId,
        rating: (i % 5) + 1,
        message: i % 3 === 0 ? `Masala chai ${i}` : `Review ${i}`,
        createdAt: at(minute),
      })),
    );
    await insertReviews(db(), [
      { ownerId: other, rating: 5, message: 'Masala chai elsewhere', createdAt: at(4) },
    ]);
    const googleMinutes = [1, 2, 3, 5, 5, 7, 9, 11, 13, 13, 14, 6];
    const google = await insertGoogleReviews(db(), [
      ...googleMinutes.map((minute, i) => ({
        ownerId,
        reviewName: `accounts/1/locations/1/reviews/${i}`,
        rating: (i % 5) + 1,
        comment: i % 4 === 0 ? `Great chai ${i}` : `Google ${i}`,
        reviewerName: i === 5 ? 'Chaiwala' : `Reviewer ${i}`,
        createdOnGoogle: at(minute),
        updatedOnGoogle: at(minute),
      })),
      {
        ownerId: other,
        reviewName: 'accounts/2/locations/2/reviews/0',
        rating: 4,
        comment: 'Chai elsewhere',
        createdOnGoogle: at(4),
        updatedOnGoogle: at(4),
      },
    ]);
    // A review deleted on Google leaves the list.
    const deleted = google[googleMinutes.length - 1]!;
    await markGoogleReviewDeleted(db(), ownerId, deleted.reviewName, at(20));
    all = [
      ...qr.map((review) => ({ source: 'qr' as const, review })),
      ...google
        .filter((review) => review.ownerId === ownerId && review.id !== deleted.id)
        .map((review) => ({ source: 'google' as const, review })),
    ].sort(listOrder);
  });

  /** Every page of the list at `limit`, one past the last included. */
  async function everyPage(
    limit: number,
    sources: readonly TReviewSource[],
    search?: string,
  ): Promise<{ pages: string[][]; totals: number[] }> {
    const pages: string[][] = [];
    const totals: number[] = [];
    for (let page = 1; ; page += 1) {
      const result = await listOwnerReviewsBySource(db(), ownerId, { page, limit, sources, search });
      pages.push(result.rows.map(keyOf));
      totals.push(result.total);
      if (result.rows.length === 0) break;
    }
    return { pages, totals };
  }

  const cases: {
    name: string;
    sources: TReviewSource[];
    search?: string;
    pick: (r: TSourcedReview) => boolean;
  }[] = [
    { name: 'both sources', sources: ['qr', 'google'], pick: () => true },
    { name: 'QR only', sources: ['qr'], pick: (r) => r.source === 'qr' },
    { name: 'Google only', sources: ['google'], pick: (r) => r.source === 'google' },
    {
      name: 'both sources, searched (message, comment or reviewer)',
      sources: ['qr', 'google'],
      search: 'CHAI',
      pick: (r) =>
        r.source === 'qr'
          ? r.review.message.toLowerCase().includes('chai')
          : `${r.review.comment} ${r.review.reviewerName}`.toLowerCase().includes('chai'),
    },
  ];

  for (const { name, sources, search, pick } of cases) {
    it(`pages ${name} newest first, deep pages read from the end giving the same rows`, async () => {
      const expected = all.filter(pick).map(keyOf);
      expect(expected.length).toBeGreaterThan(3);
      for (const limit of [1, 2, 3, 5, 7, 50]) {
        const { pages, totals } = await everyPage(limit, sources, search);
        expect(totals.every((total) => total === expected.length)).toBe(true);
        const chunks: string[][] = [];
        for (let i = 0; i < expected.length; i += limit) chunks.push(expected.slice(i, i + limit));
        expect(pages, `limit ${limit}`).toEqual([...chunks, []]);
      }
    });
  }

  it('loads the whole rows of each source', async () => {
    const { rows, total } = await listOwnerReviewsBySource(db(), ownerId, {
      page: 3,
      limit: 4,
      sources: ['qr', 'google'],
    });
    expect(total).toBe(all.length);
    expect(rows).toEqual(all.slice(8, 12));
  });

  it('answers nothing for no sources or a page past the end', async () => {
    expect(await listOwnerReviewsBySource(db(), ownerId, { page: 1, limit: 10, sources: [] })).toEqual({
      rows: [],
      total: 0,
    });
    expect(
      await listOwnerReviewsBySource(db(), ownerId, { page: 99, limit: 10, sources: ['qr', 'google'] }),
    ).toEqual({ rows: [], total: all.length });
  });
});

describe(`listBranchReviewsBySource on ${testDriverName()}`, () => {
  const t = useTestDb();
  const db = (): TDb => t.db;
  let branches: number[] = [];
  let all: TSourcedReview[] = [];

  beforeAll(async () => {
    branches = [
      (await insertTestOwner(db())).id,
      (await insertTestOwner(db())).id,
      (await insertTestOwner(db())).id,
    ];
    const other = (await insertTestOwner(db())).id;
    const [a, b, c] = branches as [number, number, number];
    // 5,000 QR reviews over three branches, minutes repeating across them (ties broken by id), so
    // that a page deep enough reads past the per-part cut; Google reviews for a and c only.
    const qr = await insertReviews(
      db(),
      Array.from({ length: 5_000 }, (_, i) => ({
        ownerId: branches[(i * 7) % 3]!,
        rating: (i % 5) + 1,
        message: i % 11 === 0 ? `Filter coffee ${i}` : `Review ${i}`,
        createdAt: at((i * 13) % 997),
      })),
    );
    await insertReviews(db(), [
      { ownerId: other, rating: 5, message: 'Filter coffee elsewhere', createdAt: at(4) },
    ]);
    const google = await insertGoogleReviews(
      db(),
      [a, b, c, a, c, b, a].map((ownerId, i) => ({
        ownerId,
        reviewName: `accounts/9/locations/${ownerId}/reviews/${i}`,
        rating: 5,
        comment: i % 2 ? 'Filter coffee on Google' : 'Google',
        createdOnGoogle: at(i * 100),
        updatedOnGoogle: at(i * 100),
      })),
    );
    all = [
      ...qr.map((review) => ({ source: 'qr' as const, review })),
      ...google.filter((r) => r.ownerId !== b).map((review) => ({ source: 'google' as const, review })),
    ].sort(listOrder);
  });

  const list = (page: number, limit: number, search?: string) =>
    listBranchReviewsBySource(
      db(),
      { qr: branches, google: [branches[0]!, branches[2]!] },
      { page, limit, search },
    );

  it('pages every branch together in the list order, each row once, the total from the counters', async () => {
    for (const { page, limit } of [
      { page: 1, limit: 5 },
      { page: 2, limit: 7 },
      { page: 40, limit: 50 },
      // Past the per-part cut (offset 2,475 of 5,004 rows): read as one query per source.
      { page: 100, limit: 25 },
      // Past the middle: read backwards from the end.
      { page: 180, limit: 25 },
      { page: 201, limit: 25 },
    ]) {
      const result = await list(page, limit);
      expect(result.total).toBe(all.length);
      expect(result.rows.map(keyOf), `page ${page} of ${limit}`).toEqual(
        all.slice((page - 1) * limit, page * limit).map(keyOf),
      );
    }
  });

  it('searches every branch (message, Google comment), counting the matches', async () => {
    const expected = all.filter((r) =>
      (r.source === 'qr' ? r.review.message : (r.review.comment ?? ''))
        .toLowerCase()
        .includes('filter coffee'),
    );
    const first = await list(1, 10, 'filter COFFEE');
    expect(first.total).toBe(expected.length);
    expect(first.rows.map(keyOf)).toEqual(expected.slice(0, 10).map(keyOf));
    const last = await list(Math.ceil(expected.length / 10), 10, 'filter coffee');
    expect(last.rows.map(keyOf)).toEqual(
      expected.slice(Math.floor((expected.length - 1) / 10) * 10).map(keyOf),
    );
  });

  it('answers nothing for no businesses', async () => {
    expect(await listBranchReviewsBySource(db(), { qr: [], google: [] }, { page: 1, limit: 5 })).toEqual({
      rows: [],
      total: 0,
    });
  });
});
