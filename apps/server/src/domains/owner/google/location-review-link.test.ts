import { describe, expect, it } from 'vitest';
import { locationReviewLink } from './google.service.ts';

describe("a Google location's review link", () => {
  it("is Google's own link when it gives one", () => {
    expect(locationReviewLink({ newReviewUri: 'https://g.page/r/abc/review', placeId: 'ChIJ1' })).toBe(
      'https://g.page/r/abc/review',
    );
  });
  it('is the review form of its place id otherwise', () => {
    expect(locationReviewLink({ placeId: 'ChIJplace' })).toBe(
      'https://search.google.com/local/writereview?placeid=ChIJplace',
    );
  });
  it('is none without either', () => {
    expect(locationReviewLink({ mapsUri: 'https://maps.google.com/?cid=1' })).toBeNull();
    expect(locationReviewLink(undefined)).toBeNull();
  });
});
