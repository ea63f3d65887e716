import { RENEWAL_TEXTS, type TAdminRenewals } from '@starloop/contract';
import { listRenewalsDue } from '@starloop/db';
import type { TDeps } from '../../context.ts';
import { auditByAdmin, type TAdminActor } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { sendRenewalReminder } from './renewal-reminders.service.ts';

const DAY_MS = 86_400_000;
/** How far ahead the admins' list of renewals looks. */
export const RENEWALS_AHEAD_DAYS = 30;

const nextDays = (now: Date) => ({ from: now, to: new Date(now.getTime() + RENEWALS_AHEAD_DAYS * DAY_MS) });

/** GET /api/admin/renewals: paid periods ending in the next 30 days, soonest first. */
export async function listAdminRenewals(deps: Pick<TDeps, 'db' | 'now'>): Promise<TAdminRenewals> {
  const now = deps.now();
  const due = await listRenewalsDue(deps.db, nextDays(now));
  return {
    renewals: due.map((r) => ({
      businessId: r.businessId,
      businessName: r.businessName,
      code: r.code,
      plan: r.plan,
      subscriptionEnd: r.subscriptionEnd.toISOString(),
      daysLeft: Math.max(0, Math.ceil((r.subscriptionEnd.getTime() - now.getTime()) / DAY_MS)),
      ownerName: r.ownerName,
      email: r.email,
      contactNumber: r.contactNumber,
      lastReminderAt: r.lastReminderAt ? new Date(r.lastReminderAt).toISOString() : null,
    })),
  };
}

/** POST /api/admin/renewals/{id}/remind: a reminder sent now by an admin (audited). */
export async function remindRenewal(deps: TDeps, businessId: number, actor: TAdminActor) {
  const [due] = await listRenewalsDue(deps.db, { ...nextDays(deps.now()), businessId }, 1);
  if (!due) throw notFound(RENEWAL_TEXTS.notDue);
  if (!due.email) throw badRequest(RENEWAL_TEXTS.noEmail);
  await sendRenewalReminder(deps, due, 'manual', actor.id);
  await auditByAdmin(deps.db, actor, {
    action: 'renewal.remind',
    targetTable: 'owners',
    targetId: businessId,
    details: { subscriptionEnd: due.subscriptionEnd.toISOString() },
  });
  return { success: true as const, message: RENEWAL_TEXTS.reminderSent };
}
