import { describe, expect, it } from 'vitest';
import { figures } from './placements.service.ts';

const sums = (scans: number, ratings: number, scanRatings: number) => ({
  scans,
  ratings,
  ratingSum: ratings * 4,
  positive: ratings,
  scanRatings,
});

describe('the By-placement figures', () => {
  it('converts the ratings that came with a scan over the scans', () => {
    expect(figures(sums(10, 4, 4))).toMatchObject({ scanRatings: 4, ratingsWithoutScan: 0, conversion: 0.4 });
  });

  it("never passes 100%: the issue's 1 scan and 15 ratings is 100% and 14 without a scan", () => {
    expect(figures(sums(1, 15, 1))).toMatchObject({
      scans: 1,
      ratings: 15,
      scanRatings: 1,
      ratingsWithoutScan: 14,
      conversion: 1,
    });
  });

  it('caps matched ratings by the scans and the ratings even when handed more', () => {
    expect(figures(sums(2, 15, 9))).toMatchObject({ scanRatings: 2, ratingsWithoutScan: 13, conversion: 1 });
    expect(figures(sums(9, 3, 5))).toMatchObject({
      scanRatings: 3,
      ratingsWithoutScan: 0,
      conversion: 3 / 9,
    });
  });

  it('has no conversion without scans, and no share or average without ratings', () => {
    expect(figures(sums(0, 5, 0))).toMatchObject({ conversion: null, ratingsWithoutScan: 5 });
    expect(figures(sums(4, 0, 0))).toMatchObject({
      conversion: 0,
      averageRating: 0,
      positiveShare: null,
      ratingsWithoutScan: 0,
    });
  });
});
