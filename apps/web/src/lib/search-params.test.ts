import { describe, expect, it } from 'vitest';
import {
  choiceField,
  flagField,
  intField,
  optionalIntField,
  searchSchema,
  textField,
} from './search-params.ts';

describe('search params', () => {
  const schema = searchSchema({
    page: intField(1),
    search: textField(5),
    status: choiceField(['active', 'deleted']),
    order: choiceField(['asc', 'desc'], 'asc'),
  });

  // What the router hands over: anything a hand-edited URL may hold.
  const read = (input: Record<string, unknown>) => schema.validate(input as never);

  it('reads valid values and falls back to the defaults for anything else', () => {
    expect(read({ page: 3, search: 'asha', status: 'deleted', order: 'desc' })).toEqual({
      page: 3,
      search: 'asha',
      status: 'deleted',
      order: 'desc',
    });
    expect(read({ page: 0, search: { x: 1 }, status: 'gone', order: 'up' })).toEqual(schema.defaults);
    expect(read({ page: '2.5' }).page).toBe(1);
    expect(read({ page: '4' }).page).toBe(4);
  });

  it('keeps search text as typed, numbers included, cut to its maximum', () => {
    expect(read({ search: ' ab ' }).search).toBe(' ab ');
    expect(read({ search: 12 }).search).toBe('12');
    expect(read({ search: 'abcdefgh' }).search).toBe('abcde');
  });

  it('strips the defaults from the URL', () => {
    const strip = schema.strip;
    const next = (search: Record<string, unknown>) => search as never;
    expect(strip({ search: { page: 1, search: '', order: 'asc', status: 'active' } as never, next })).toEqual(
      {
        status: 'active',
      },
    );
  });

  it('reads an optional whole number in its range and a switch, else leaves them unset', () => {
    const optional = searchSchema({ rating: optionalIntField(1, 5), overdue: flagField() });
    const of = (input: Record<string, unknown>) => optional.validate(input as never);
    expect(of({ rating: 4, overdue: true })).toEqual({ rating: 4, overdue: true });
    expect(of({ rating: '2', overdue: 'true' })).toEqual({ rating: 2, overdue: true });
    for (const bad of [0, 6, 2.5, '3x', '', null, [3]]) expect(of({ rating: bad }).rating).toBeUndefined();
    for (const off of [false, 'false', 'yes', 1]) expect(of({ overdue: off }).overdue).toBeUndefined();
  });
});
