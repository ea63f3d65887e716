import { beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../client.ts';
import { insertTestOwner, useTestDb } from '../test-support.ts';
import { testDriverName } from '../testing.ts';
import { insertGoogleReviews } from './google/google-reviews.ts';
import { markGoogleReviewDeleted } from './google/google-sync.ts';
import { insertReviews } from './reviews.ts';
import { listOwnerReviewsBySource, type TReviewSource, type TSourcedReview } from './sourced-reviews.ts';

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
