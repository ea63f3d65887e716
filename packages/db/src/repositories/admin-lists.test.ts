import { describe, expect, it } from 'vitest';
import { pageWindow } from './admin-lists.ts';

/** Reads a page the way the repository does and returns the row indexes it covers. */
function rowsOf(page: number, limit: number, total: number): number[] {
  const w = pageWindow({ page, limit }, total);
  if (w.empty) return [];
  const forward = Array.from({ length: total }, (_, i) => i);
  const source = w.reverse ? [...forward].reverse() : forward;
  const slice = source.slice(w.offset, w.offset + w.limit);
  return w.reverse ? slice.reverse() : slice;
}

describe('pageWindow', () => {
  it('reads the first half forwards and the second half backwards from the end', () => {
    expect(pageWindow({ page: 1, limit: 10 }, 1_000_000)).toEqual({
      offset: 0,
      limit: 10,
      reverse: false,
      empty: false,
    });
    expect(pageWindow({ page: 100_000, limit: 10 }, 1_000_000)).toEqual({
      offset: 0,
      limit: 10,
      reverse: true,
      empty: false,
    });
    expect(pageWindow({ page: 3, limit: 10 }, 25)).toEqual({
      offset: 0,
      limit: 5,
      reverse: true,
      empty: false,
    });
  });

  it('covers exactly the asked rows for every page of many totals', () => {
    for (const total of [0, 1, 2, 9, 10, 11, 25, 99, 100, 101]) {
      for (const limit of [1, 3, 10]) {
        for (let page = 1; page <= Math.ceil(total / limit) + 1; page++) {
          const expected = Array.from({ length: total }, (_, i) => i).slice((page - 1) * limit, page * limit);
          expect(rowsOf(page, limit, total), `total ${total} limit ${limit} page ${page}`).toEqual(expected);
        }
      }
    }
  });

  it('reads forwards when the total is unknown, and reports a page past the end as empty', () => {
    expect(pageWindow({ page: 4, limit: 10 }, undefined)).toEqual({
      offset: 30,
      limit: 10,
      reverse: false,
      empty: false,
    });
    expect(pageWindow({ page: 4, limit: 10 }, 30).empty).toBe(true);
  });
});
