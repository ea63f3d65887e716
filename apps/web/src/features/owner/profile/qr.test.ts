import { describe, expect, it } from 'vitest';
import { qrFileName, reviewPageUrl } from './qr.ts';

describe('qrFileName', () => {
  it.each([
    ['Chai Point & Co.', 'chai_point___co_-qr-code.png'],
    ["Sharma's Sweets", 'sharma_s_sweets-qr-code.png'],
    ['ABC Cafe 24x7', 'abc_cafe_24x7-qr-code.png'],
    ['Café Mocha', 'caf__mocha-qr-code.png'],
    ['plain', 'plain-qr-code.png'],
  ])('%s -> %s', (name, file) => {
    expect(qrFileName(name)).toBe(file);
  });
});

describe('reviewPageUrl', () => {
  it('is {appUrl}/review/{code}, without a doubled slash', () => {
    expect(reviewPageUrl('https://starloop.example', 'chai-point')).toBe(
      'https://starloop.example/review/chai-point',
    );
    expect(reviewPageUrl('https://starloop.example/', 'chai-point')).toBe(
      'https://starloop.example/review/chai-point',
    );
  });

  it("falls back to this window's origin", () => {
    expect(reviewPageUrl(undefined, 'chai-point')).toBe(`${window.location.origin}/review/chai-point`);
    expect(reviewPageUrl('', 'chai-point')).toBe(`${window.location.origin}/review/chai-point`);
  });
});

describe('placements', () => {
  it('puts the placement key in ?p= (Default has none, so printed codes keep working)', () => {
    expect(reviewPageUrl('https://starloop.example', 'chai-point', 'aB3dE5gH7jK9')).toBe(
      'https://starloop.example/review/chai-point?p=aB3dE5gH7jK9',
    );
    expect(reviewPageUrl('https://starloop.example', 'chai-point', null)).toBe(
      'https://starloop.example/review/chai-point',
    );
  });

  it("adds the placement's name to the file name", () => {
    expect(qrFileName('Chai Point & Co.', 'Table 4')).toBe('chai_point___co_-table_4-qr-code.png');
    expect(qrFileName('Chai Point & Co.', null)).toBe('chai_point___co_-qr-code.png');
  });
});
