import { describe, expect, it } from 'vitest';
import { ZBusinessContactNumber, ZBusinessReviewLink } from '../owner/business.ts';
import { checkReviewLink, googleReviewLinkFor } from './review-link.ts';

describe('the review link shape', () => {
  it.each([
    'https://g.page/r/CAbc123xyz/review',
    'https://g.page/r/CAbc123xyz',
    'https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4',
    'https://www.google.com/maps/place/Sharma+Sweets/@18.5,73.8,17z',
    'https://www.google.co.in/maps/place/Sharma+Sweets',
    'https://maps.google.com/?cid=1234567890',
    'https://maps.app.goo.gl/AbCdEf123',
    'https://goo.gl/maps/AbCdEf123',
    'https://g.co/kgs/AbCdEf',
  ])('accepts the Google form %s', (link) => {
    expect(checkReviewLink(link)).toEqual({ ok: true, google: true });
  });

  it.each([
    'https://www.zomato.com/pune/sharma-sweets/reviews',
    'https://www.tripadvisor.in/Restaurant_Review-g297654',
  ])('accepts another review site %s', (link) => {
    expect(checkReviewLink(link)).toEqual({ ok: true, google: false });
  });

  it.each([
    ['http://g.page/r/abc/review', 'shape'],
    ['g.page/r/abc/review', 'shape'],
    ['https://localhost/review', 'shape'],
    ['https://g.page/r/abc /review', 'shape'],
    ['https://user:pw@example.com/review', 'shape'],
    [`https://example.com/${'a'.repeat(2000)}`, 'shape'],
    ['https://www.google.com/search?q=sharma+sweets', 'google'],
    ['https://www.google.com/', 'google'],
    ['https://search.google.com/local/writereview', 'google'],
    ['https://g.page/sharma-sweets', 'google'],
  ])('refuses %s (%s)', (link, reason) => {
    expect(checkReviewLink(link)).toEqual({ ok: false, reason });
  });

  it('a look-alike host is not Google', () => {
    expect(checkReviewLink('https://notgoogle.com/search')).toEqual({ ok: true, google: false });
  });

  it("makes Google's review form for a place id", () => {
    const link = googleReviewLinkFor('ChIJ abc');
    expect(link).toBe('https://search.google.com/local/writereview?placeid=ChIJ%20abc');
    expect(checkReviewLink(link).ok).toBe(true);
  });

  it('the schema clears with an empty text and trims', () => {
    expect(ZBusinessReviewLink.parse('')).toBeNull();
    expect(ZBusinessReviewLink.parse(null)).toBeNull();
    expect(ZBusinessReviewLink.parse('  https://g.page/r/x/review ')).toBe('https://g.page/r/x/review');
  });
});

describe('the business contact number', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['098765-43210', '9876543210'],
    ['6000000000', '6000000000'],
  ])('%s is %s', (input, output) => {
    expect(ZBusinessContactNumber.parse(input)).toBe(output);
  });
  it.each(['5876543210', '987654321', '98765432100', '+1 9876543210', 'abcdefghij'])(
    'refuses %s',
    (input) => {
      expect(ZBusinessContactNumber.safeParse(input).success).toBe(false);
    },
  );
});
