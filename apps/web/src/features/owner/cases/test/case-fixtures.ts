import type { TCase, TCaseDetail, TCaseEvent } from '@starloop/contract';
import { meta } from '../../test/owner-test-utils.tsx';

/** A case as owner.cases.list answers it: a new 2-star QR case of branch 1, unassigned. */
export function kase(id: number, overrides: Partial<TCase> = {}): TCase {
  return {
    id,
    reviewId: 100 + id,
    googleReviewId: null,
    businessId: 1,
    rating: 2,
    message: `Complaint number ${id}`,
    status: 'new',
    outcome: null,
    assigneeId: null,
    contactPresent: true,
    createdAt: '2026-11-30T05:00:00.000Z',
    firstResponseAt: null,
    resolvedAt: null,
    dueAt: '2026-11-30T07:00:00.000Z',
    overdue: false,
    channel: 'qr',
    ...overrides,
  };
}

export function caseEvent(id: number, overrides: Partial<TCaseEvent> = {}): TCaseEvent {
  return {
    id,
    kind: 'opened',
    actorId: null,
    actorName: null,
    fromStatus: null,
    toStatus: null,
    assigneeId: null,
    outcome: null,
    text: null,
    channel: null,
    delivery: null,
    messageKind: null,
    createdAt: '2026-11-30T05:00:00.000Z',
    ...overrides,
  };
}

/** owner.cases.get: the case with a customer who left a phone and agreed to be contacted in Hindi. */
export function caseDetail(id: number, overrides: Partial<TCaseDetail> = {}): TCaseDetail {
  return {
    ...kase(id),
    timeline: [caseEvent(1)],
    contact: {
      phone: '+919876500012',
      email: null,
      consent: true,
      consentAt: '2026-11-30T05:00:00.000Z',
      language: 'hi',
      withdrawnAt: null,
    },
    reach: [
      { channel: 'whatsapp', available: true, via: 'platform', reason: null },
      {
        channel: 'sms',
        available: false,
        via: null,
        reason: 'No SMS sender is set up. Add your DLT sender in Settings > WhatsApp and SMS.',
      },
      { channel: 'email', available: false, via: null, reason: 'The customer left no email address.' },
    ],
    invitationSent: false,
    ...overrides,
  };
}

export const ME = 31;

/** owner.cases.assignees: the owner (me), a manager of every branch and staff of branch 2. */
export const assigneesAnswer = {
  meId: ME,
  assignees: [
    { personId: ME, name: 'Asha Rao', role: 'owner' as const, businessIds: null },
    { personId: 32, name: 'Vikram Manager', role: 'manager' as const, businessIds: null },
    { personId: 33, name: 'Sita Staff', role: 'staff' as const, businessIds: [2] },
  ],
};

/** owner.account.get: two branches. */
export const accountAnswer = {
  account: { id: 1, name: 'Chai Point', plan: 'professional', createdAt: '2026-01-01T00:00:00.000Z' },
  role: 'owner',
  currentBusinessId: 1,
  branches: [
    { id: 1, businessName: 'Chai Point', code: 'chai-pune', city: 'Pune' },
    { id: 2, businessName: 'Chai Point', code: 'chai-nashik', city: 'Nashik' },
  ].map((b) => ({
    ...b,
    state: 'Maharashtra',
    status: 'active',
    plan: 'professional',
    subscriptionEnd: null,
  })),
};

/** A list answer of these cases (20 a page). */
export const casesAnswer = (cases: TCase[], total = cases.length, page = 1) => ({
  cases,
  meta: meta(total, page, 20),
});

/** StarLoop's reply templates in Hindi. */
export const hindiTemplates = {
  templates: [
    { kind: 'apology', language: 'hi', text: 'हमें खेद है कि आपका अनुभव अच्छा नहीं रहा।', custom: false },
    { kind: 'callback', language: 'hi', text: 'क्या हम आपको कॉल कर सकते हैं?', custom: false },
  ],
};
