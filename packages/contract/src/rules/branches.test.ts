import { describe, expect, it } from 'vitest';
import { branchCodeCandidates, businessCodeFromName } from './branches.ts';

describe('branch codes', () => {
  it('makes a code from a name as registration suggests one', () => {
    expect(businessCodeFromName('Chai Point, Pune')).toBe('chai-point-pune');
    expect(businessCodeFromName('  Café  Crème! ')).toBe('cafe-creme');
    expect(businessCodeFromName('चाय पॉइंट')).toBe('');
    expect(businessCodeFromName('A'.repeat(40))).toHaveLength(32);
  });

  it('tries the name, then with the city, then numbered, every one a valid code', () => {
    expect(branchCodeCandidates('Chai Point', 'Pune').slice(0, 4)).toEqual([
      'chai-point',
      'chai-point-pune',
      'chai-point-pune-2',
      'chai-point-pune-3',
    ]);
    expect(branchCodeCandidates('Chai Point')).toEqual([
      'chai-point',
      ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => `chai-point-${n}`),
    ]);
    expect(branchCodeCandidates('चाय')[0]).toBe('branch');
    for (const code of branchCodeCandidates(
      'The very long name of a restaurant chain',
      'Thiruvananthapuram',
    )) {
      expect(code).toMatch(/^[a-z0-9-]{3,32}$/);
    }
  });
});
