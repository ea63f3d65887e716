import { describe, expect, it } from 'vitest';
import { addBusinessMinutes, CASE_BUSINESS_HOURS, DEFAULT_FIRST_RESPONSE_MINUTES } from './business-hours.ts';
import { caseTransitionAllowed, isCaseOverdue } from './cases.ts';

/** An IST wall-clock time as an instant. */
const ist = (local: string) => new Date(`${local}+05:30`);
const due = (local: string, minutes = DEFAULT_FIRST_RESPONSE_MINUTES) =>
  addBusinessMinutes(ist(local), minutes).toISOString();

// 2026-11-23 is a Monday; 2026-11-28 a Saturday; 2026-11-29 a Sunday.
describe('addBusinessMinutes (Mon-Sat 09:00-18:00 IST)', () => {
  it('adds inside the hours', () => {
    expect(CASE_BUSINESS_HOURS).toEqual({ days: [1, 2, 3, 4, 5, 6], from: 540, to: 1080 });
    expect(due('2026-11-24T10:00:00')).toBe(ist('2026-11-24T12:00:00').toISOString());
    expect(due('2026-11-24T09:00:00', 1)).toBe(ist('2026-11-24T09:01:00').toISOString());
  });

  it('ends at closing when the target fits exactly', () => {
    expect(due('2026-11-24T16:00:00')).toBe(ist('2026-11-24T18:00:00').toISOString());
  });

  it('carries what is left to the next working morning', () => {
    expect(due('2026-11-24T17:00:00')).toBe(ist('2026-11-25T10:00:00').toISOString());
    // The brief's example: Saturday 17:30 is due Monday 10:30.
    expect(due('2026-11-28T17:30:00')).toBe(ist('2026-11-30T10:30:00').toISOString());
  });

  it('starts counting at the opening when the case opens before it or after closing', () => {
    expect(due('2026-11-24T06:15:00')).toBe(ist('2026-11-24T11:00:00').toISOString());
    expect(due('2026-11-24T18:00:00')).toBe(ist('2026-11-25T11:00:00').toISOString());
    expect(due('2026-11-24T23:59:59')).toBe(ist('2026-11-25T11:00:00').toISOString());
  });

  it('skips Sunday', () => {
    expect(due('2026-11-29T11:00:00')).toBe(ist('2026-11-30T11:00:00').toISOString());
    expect(due('2026-11-28T20:00:00')).toBe(ist('2026-11-30T11:00:00').toISOString());
  });

  it('uses the IST day across UTC midnight', () => {
    // 00:30 IST Tuesday is 19:00 UTC Monday: the IST morning counts, not Monday's evening.
    const start = new Date('2026-11-23T19:00:00Z');
    expect(start.toISOString()).toBe(ist('2026-11-24T00:30:00').toISOString());
    expect(addBusinessMinutes(start, 120).toISOString()).toBe(ist('2026-11-24T11:00:00').toISOString());
    // 05:00 IST Sunday is Saturday 23:30 UTC: Sunday in IST, so Monday.
    expect(addBusinessMinutes(new Date('2026-11-28T23:30:00Z'), 30).toISOString()).toBe(
      ist('2026-11-30T09:30:00').toISOString(),
    );
  });

  it('spans several days for a long target, and a zero target is the next open minute', () => {
    expect(due('2026-11-27T17:00:00', 2 * 540)).toBe(ist('2026-11-30T17:00:00').toISOString());
    expect(due('2026-11-29T12:00:00', 0)).toBe(ist('2026-11-30T09:00:00').toISOString());
    expect(due('2026-11-24T12:00:00', 0)).toBe(ist('2026-11-24T12:00:00').toISOString());
  });
});

describe('feedback case rules', () => {
  it('allows new -> in progress -> resolved -> reopened -> in progress or resolved', () => {
    expect(caseTransitionAllowed('new', 'in_progress')).toBe(true);
    expect(caseTransitionAllowed('in_progress', 'resolved')).toBe(true);
    expect(caseTransitionAllowed('resolved', 'reopened')).toBe(true);
    expect(caseTransitionAllowed('reopened', 'in_progress')).toBe(true);
    expect(caseTransitionAllowed('reopened', 'resolved')).toBe(true);
    expect(caseTransitionAllowed('new', 'resolved')).toBe(false);
    expect(caseTransitionAllowed('new', 'reopened')).toBe(false);
    expect(caseTransitionAllowed('resolved', 'in_progress')).toBe(false);
    expect(caseTransitionAllowed('in_progress', 'new')).toBe(false);
  });

  it('is overdue only without a first response and past the due time', () => {
    const dueAt = ist('2026-11-24T12:00:00');
    expect(isCaseOverdue({ firstResponseAt: null, dueAt }, ist('2026-11-24T12:00:00'))).toBe(false);
    expect(isCaseOverdue({ firstResponseAt: null, dueAt }, ist('2026-11-24T12:00:01'))).toBe(true);
    expect(isCaseOverdue({ firstResponseAt: dueAt, dueAt }, ist('2026-11-25T12:00:00'))).toBe(false);
  });
});
