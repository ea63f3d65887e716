import { describe, expect, it } from 'vitest';
import { PAISE_PER_RUPEE, paiseToRupees, rupeesToPaise } from './money.ts';

describe('money', () => {
  it('converts paise and rupees, to the paisa', () => {
    expect(PAISE_PER_RUPEE).toBe(100);
    expect(paiseToRupees(199900)).toBe(1999);
    expect(paiseToRupees(12345)).toBe(123.45);
    expect(rupeesToPaise(2999)).toBe(299900);
    expect(rupeesToPaise(123.45)).toBe(12345);
  });
});
