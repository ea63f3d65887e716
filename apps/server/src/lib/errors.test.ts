import { describe, expect, it } from 'vitest';
import { AppError, foundOr404 } from './errors.ts';

describe('foundOr404', () => {
  it('answers what a lookup found, falsy values included', () => {
    const row = { id: 1 };
    expect(foundOr404(row, 'Not here')).toBe(row);
    expect(foundOr404(0, 'Not here')).toBe(0);
    expect(foundOr404('', 'Not here')).toBe('');
  });

  it('throws a 404 with the message when nothing was found', () => {
    for (const nothing of [undefined, null]) {
      const thrown = (() => {
        try {
          foundOr404(nothing, 'Campaign not found');
        } catch (error) {
          return error;
        }
      })();
      expect(thrown).toBeInstanceOf(AppError);
      expect(thrown).toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'Campaign not found' });
    }
  });
});
