import { describe, expect, it } from 'vitest';
import { caseAlertMail, caseAlertWhatsAppParameters } from './case-alerts.render.ts';

const APP = 'https://app.starloop.test';
const alert = (caseId: number, overrides: Record<string, unknown> = {}) => ({
  kind: 'new' as const,
  caseId,
  rating: 2,
  caseCreatedAt: new Date('2030-01-15T04:00:00Z'),
  dueAt: new Date('2030-01-15T06:00:00Z'),
  message: 'Cold food',
  customerContact: null,
  sentimentLabel: 'negative' as const,
  businessId: 7,
  businessName: 'Chai Point',
  city: 'Pune',
  ...overrides,
});

describe('what a case alert says', () => {
  it('names one new case like the low-rating email it replaces, with its link and due time', () => {
    const mail = caseAlertMail(APP, { name: 'Asha' }, [alert(12)]);
    expect(mail.subject).toBe('New 2-star review for Chai Point');
    expect(mail.text).toContain('Hello Asha,');
    expect(mail.text).toContain('New case: 2-star review for Chai Point, Pune, 15 Jan 2030, 9:30 am IST');
    expect(mail.text).toContain('Respond by: 15 Jan 2030, 11:30 am IST');
    expect(mail.text).toContain(`Open the case: ${APP}/dashboard/inbox?case=12`);
    expect(mail.text).toContain('Customer contact: not given');
    expect(caseAlertWhatsAppParameters(APP, [alert(12)])).toEqual([
      'a new 2-star review',
      'Chai Point',
      `${APP}/dashboard/inbox?case=12`,
    ]);
  });

  it('sums up a batch: all new, overdue, mixed, across branches', () => {
    const burst = [alert(1), alert(2, { rating: 1 })];
    expect(caseAlertMail(APP, { name: 'A' }, burst).subject).toBe('2 new low-rating reviews for Chai Point');
    const complaint = alert(3, { rating: 5 });
    expect(caseAlertMail(APP, { name: 'A' }, [complaint]).subject).toBe(
      'New 5-star review with a complaint for Chai Point',
    );
    expect(caseAlertMail(APP, { name: 'A' }, [alert(4, { kind: 'overdue' })]).subject).toBe(
      'Overdue: a 2-star review for Chai Point has had no response',
    );
    const mixed = [alert(5), alert(6, { kind: 'overdue', businessId: 8, businessName: 'Dosa Den' })];
    expect(caseAlertMail(APP, { name: 'A' }, mixed).subject).toBe(
      '2 feedback cases for 2 branches need attention',
    );
    expect(caseAlertWhatsAppParameters(APP, mixed)).toEqual([
      '2 feedback cases that need attention',
      '2 branches',
      `${APP}/dashboard/inbox`,
    ]);
  });

  it('says when the batch waited for the quiet hours, and lists at most 50 cases', () => {
    const many = Array.from({ length: 53 }, (_, i) => alert(i + 1));
    const mail = caseAlertMail(APP, { name: 'A' }, many, { heldFor: { start: 1320, end: 480 } });
    expect(mail.text).toContain(
      'While your quiet hours (22:00-08:00 IST) were on, 53 feedback cases need your attention:',
    );
    expect(mail.text).toContain('50. New case');
    expect(mail.text).not.toContain('51. New case');
    expect(mail.text).toContain('...and 3 more in the inbox.');
  });
});
