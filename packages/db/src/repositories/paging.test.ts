import { describe, expect, it } from 'vitest';
import { pageWindow, readDirection, readPage, type TPageWindow, windowOf } from './paging.ts';

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

describe('readPage', () => {
  const list = Array.from({ length: 25 }, (_, i) => ({ id: 100 + i, label: `row ${i}` }));
  /** Reads the window as a database would: the list, or the list turned around, from the offset. */
  const read = (window: TPageWindow) => windowOf(list, window);

  it('hands back every page in list order, forwards and from the end, with the total', async () => {
    for (let page = 1; page <= 4; page++) {
      const expected = list.slice((page - 1) * 10, page * 10);
      const viaRows = await readPage(
        { page, limit: 10 },
        { total: list.length, readRows: async (w) => read(w) },
      );
      expect(viaRows).toEqual({ rows: expected, total: 25 });
      const viaIds = await readPage(
        { page, limit: 10 },
        {
          total: async () => list.length,
          readIds: async (w) => read(w).map((r) => r.id),
          // The second query does not sort: the rows come back in any order.
          loadRows: async (ids) => list.filter((r) => ids.includes(r.id)).reverse(),
        },
      );
      expect(viaIds).toEqual({ rows: expected, total: 25 });
    }
  });

  it('reads nothing past the end, and skips loading when no id is found', async () => {
    let reads = 0;
    const source = {
      total: 3,
      readIds: async () => {
        reads += 1;
        return [];
      },
      loadRows: async (): Promise<{ id: number }[]> => {
        throw new Error('not called');
      },
    };
    expect(await readPage({ page: 2, limit: 10 }, source)).toEqual({ rows: [], total: 3 });
    expect(reads).toBe(0);
    expect(await readPage({ page: 1, limit: 10 }, source)).toEqual({ rows: [], total: 3 });
    expect(reads).toBe(1);
  });

  it('flips the sort direction only for a window read from the end', () => {
    const forward = pageWindow({ page: 1, limit: 10 }, 100);
    const backward = pageWindow({ page: 10, limit: 10 }, 100);
    expect([readDirection(forward), readDirection(forward, 'asc')]).toEqual(['desc', 'asc']);
    expect([readDirection(backward), readDirection(backward, 'asc')]).toEqual(['asc', 'desc']);
  });
});
