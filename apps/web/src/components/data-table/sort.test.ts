import { describe, expect, it } from 'vitest';
import { nextSort, sortParams } from './sort.ts';

describe('nextSort (spec: first click ascending, same column descending, another column ascending)', () => {
  it('sorts ascending on the first click', () => {
    expect(nextSort(null, 'name')).toEqual({ column: 'name', order: 'asc' });
    expect(nextSort(undefined, 'name')).toEqual({ column: 'name', order: 'asc' });
  });

  it('turns to descending on a second click on the same column, and back', () => {
    const first = nextSort(null, 'name');
    const second = nextSort(first, 'name');
    expect(second).toEqual({ column: 'name', order: 'desc' });
    expect(nextSort(second, 'name')).toEqual({ column: 'name', order: 'asc' });
  });

  it('sorts another column ascending, whatever the current order', () => {
    expect(nextSort({ column: 'name', order: 'desc' }, 'email')).toEqual({ column: 'email', order: 'asc' });
    expect(nextSort({ column: 'name', order: 'asc' }, 'email')).toEqual({ column: 'email', order: 'asc' });
  });

  it('gives the list call its sortBy and sortOrder, or nothing', () => {
    expect(sortParams(null)).toEqual({});
    expect(sortParams({ column: 'createdAt', order: 'desc' })).toEqual({
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
  });
});
