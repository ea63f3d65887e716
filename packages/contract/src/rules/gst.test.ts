import { describe, expect, it } from 'vitest';
import { INDIAN_STATES } from '../geo/index.ts';
import {
  GST_STATE_CODES,
  gstinCheckCharacter,
  gstinProblem,
  normalizeGstin,
  taxInTotal,
  taxOnPrice,
} from './gst.ts';

describe('GSTIN', () => {
  it('accepts a valid GSTIN, and its state', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZV', 'Maharashtra')).toBeNull();
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('refuses a wrong check character, a typo in the middle and a transposition', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('check');
    expect(gstinProblem('27AAPFU0938F1ZV')).toBe('check');
    expect(gstinProblem('27AAPUF0939F1ZV')).toBe('check');
    expect(gstinProblem('27APAFU0939F1ZV')).toBe('check');
  });

  it('refuses a GSTIN of another state than the one chosen', () => {
    expect(gstinProblem('27AAPFU0939F1ZV', 'Karnataka')).toBe('state');
    const karnataka = `29AAPFU0939F1Z`;
    expect(gstinProblem(karnataka + gstinCheckCharacter(karnataka), 'Karnataka')).toBeNull();
  });

  it('reads lower case and spaces as typed, and refuses the wrong shape', () => {
    expect(normalizeGstin(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(gstinProblem(normalizeGstin('27 aapfu 0939f1zv'))).toBeNull();
    expect(gstinProblem('27aapfu0939f1zv')).toBe('format');
    for (const bad of ['', '27AAPFU0939F1Z', '27AAPFU0939F1ZV1', '27AAPFU0939F0ZV', '27AAPFU0939F1YV']) {
      expect(gstinProblem(bad), bad).toBe('format');
    }
  });

  it('knows the GST code of every state and union territory of the geo list', () => {
    for (const state of INDIAN_STATES) expect(GST_STATE_CODES[state.name], state.name).toBeDefined();
    const codes = Object.values(GST_STATE_CODES).flat();
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('GST on a price', () => {
  it('splits CGST and SGST within the supplier state, IGST across states', () => {
    expect(taxOnPrice(199900, 'Maharashtra', 'Maharashtra')).toEqual({
      taxableValue: 199900,
      cgst: 17991,
      sgst: 17991,
      igst: 0,
      tax: 35982,
      total: 235882,
      intraState: true,
    });
    expect(taxOnPrice(299900, 'Maharashtra', 'Karnataka')).toMatchObject({
      cgst: 0,
      sgst: 0,
      igst: 53982,
      total: 353882,
      intraState: false,
    });
    // No customer state on record: a sale within the supplier's state.
    expect(taxOnPrice(199900, 'Maharashtra', null).intraState).toBe(true);
  });

  it('rounds each tax once to the nearest paisa, half up', () => {
    // 9% of 105 paise = 9.45 -> 9; of 150 = 13.5 -> 14; 18% of 75 = 13.5 -> 14.
    expect(taxOnPrice(105, 'Goa', 'Goa')).toMatchObject({ cgst: 9, sgst: 9, total: 123 });
    expect(taxOnPrice(150, 'Goa', 'Goa')).toMatchObject({ cgst: 14, sgst: 14, total: 178 });
    expect(taxOnPrice(75, 'Goa', 'Kerala')).toMatchObject({ igst: 14, total: 89 });
  });

  it('splits a tax-inclusive amount back, the parts always adding up to it', () => {
    expect(taxInTotal(200000, 'Maharashtra', 'Maharashtra')).toEqual({
      taxableValue: 169492,
      cgst: 15254,
      sgst: 15254,
      igst: 0,
      tax: 30508,
      total: 200000,
      intraState: true,
    });
    for (const total of [100, 199900, 250000, 123456, 1]) {
      for (const customer of ['Maharashtra', 'Delhi']) {
        const split = taxInTotal(total, 'Maharashtra', customer);
        expect(split.taxableValue + split.cgst + split.sgst + split.igst).toBe(total);
        expect(Math.abs(split.cgst - split.sgst)).toBeLessThanOrEqual(1);
      }
    }
  });
});
