import type { TAlertMember } from '@starloop/db';
import { describe, expect, it } from 'vitest';
import { alertChoicesOfRow, alertRecipients, alertRowOfChoices } from './alert-recipients.rules.ts';

const member = (personId: number, role: TAlertMember['role'], businessIds: number[] | null = null) => ({
  personId,
  role,
  businessIds,
  email: `p${personId}@team.test`,
  phone: '9876500000',
  preferences: null,
  push: false,
});
const everywhere = () => ({ email: true, whatsapp: true, push: true });
const off = {
  newCaseEmail: false,
  newCaseWhatsapp: false,
  overdueEmail: true,
  overdueWhatsapp: true,
  newCasePush: false,
  overduePush: true,
  renewalPush: true,
  quietStart: null,
  quietEnd: null,
};

describe('who hears about a case', () => {
  const owner = member(1, 'owner');
  const managerA = member(2, 'manager', [10]);
  const managerAll = member(3, 'manager');
  const staffA = member(4, 'staff', [10]);
  const team = [owner, managerA, managerAll, staffA];

  it('tells the assignee first, then the managers with access to the branch, then the owners', () => {
    expect(alertRecipients({ ownerId: 10, assigneePersonId: 4 }, 'overdue', team, everywhere)).toEqual([4]);
    expect(alertRecipients({ ownerId: 10, assigneePersonId: null }, 'new', team, everywhere)).toEqual([2, 3]);
    // Branch 20: only the manager of every branch.
    expect(alertRecipients({ ownerId: 20, assigneePersonId: null }, 'new', team, everywhere)).toEqual([3]);
    expect(
      alertRecipients({ ownerId: 20, assigneePersonId: null }, 'new', [owner, managerA], everywhere),
    ).toEqual([1]);
  });

  it('skips an assignee who can no longer see the branch, and a step where nobody listens or can be reached', () => {
    // Staff of branch 10 assigned to a case of branch 20 (moved since): the managers hear instead.
    expect(alertRecipients({ ownerId: 20, assigneePersonId: 4 }, 'overdue', team, everywhere)).toEqual([3]);
    const quietManagers = [owner, { ...managerA, preferences: off }, { ...managerAll, preferences: off }];
    expect(
      alertRecipients({ ownerId: 10, assigneePersonId: null }, 'new', quietManagers, everywhere),
    ).toEqual([1]);
    // Their overdue alerts are still on.
    expect(
      alertRecipients({ ownerId: 10, assigneePersonId: null }, 'overdue', quietManagers, everywhere),
    ).toEqual([2, 3]);
    // Nobody reachable at all: nobody is told.
    const unreachable = () => ({ email: false, whatsapp: false, push: false });
    expect(alertRecipients({ ownerId: 10, assigneePersonId: 4 }, 'new', team, unreachable)).toEqual([]);
    // Reached by push alone (no email, no WhatsApp): still told.
    const pushOnly = () => ({ email: false, whatsapp: false, push: true });
    expect(alertRecipients({ ownerId: 10, assigneePersonId: 4 }, 'new', team, pushOnly)).toEqual([4]);
  });

  it('reads a stored choice (no row: the defaults) and writes it back the same', () => {
    expect(alertChoicesOfRow(null)).toEqual({
      newCase: { email: true, whatsapp: true, push: true },
      overdue: { email: true, whatsapp: true, push: true },
      payment: { push: true },
      quietHours: null,
    });
    const row = { ...off, quietStart: 1320, quietEnd: 480 };
    expect(alertChoicesOfRow(row).quietHours).toEqual({ start: 1320, end: 480 });
    expect(alertRowOfChoices(alertChoicesOfRow(row))).toEqual(row);
  });
});
