import { z } from 'zod';
import { ZIsoDate } from '../dto.ts';
import { pageAnswer, ZPageQuery } from '../list-query.ts';
import { optionalChoice, wholeNumberInput } from '../schema-helpers.ts';
import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS } from './audit-values.ts';

/**
 * The audit trail (issue 15, item 12): every admin action that changes data, every owner and
 * admin sign-in and every two-factor change, listed for super admins.
 */

export {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_KINDS,
  type TAuditAction,
  type TAuditActorKindName,
} from './audit-values.ts';

/** The tables an entry can point at. */
export const AUDIT_TARGET_TABLES = [
  'owners',
  'admins',
  'agents',
  'leads',
  'manual_payments',
  'admin_security_settings',
  'api_keys',
  'webhook_endpoints',
  'payments',
  'persons',
  'memberships',
  'invitations',
  'accounts',
  'billing_profile',
  'platform_settings',
  'audit_log',
  'data_requests',
] as const;
export type TAuditTargetTable = (typeof AUDIT_TARGET_TABLES)[number];

export const AUDIT_TEXTS = {
  actionInvalid: 'action must be one of the listed actions',
  actorKindInvalid: 'actorKind must be admin, owner or system',
  targetTableInvalid: `targetTable must be one of ${AUDIT_TARGET_TABLES.join(', ')}`,
  idInvalid: 'Enter a whole number',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  datesReversed: 'The start date must not be after the end date',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
};

/** An optional calendar day (YYYY-MM-DD, UTC); an empty value means "not given". */
const optionalDay = z
  .string()
  .max(10, { message: AUDIT_TEXTS.dateInvalid, abort: true })
  .optional()
  // A real day: '2026-02-30' would roll over to March, so the day must read back the same.
  .refine((v) => !v || (DAY.test(v) && isRealDay(v)), AUDIT_TEXTS.dateInvalid)
  .transform((v) => (v ? v : undefined));

const optionalId = z
  .preprocess(
    (v) => (v === '' ? undefined : v),
    wholeNumberInput(
      z.number({ message: AUDIT_TEXTS.idInvalid }).int(AUDIT_TEXTS.idInvalid).min(1),
    ).optional(),
  )
  .optional();

/**
 * GET /api/admin/audit and admin.audit.list: newest first. The search reads the action, the
 * target, the address and the details; the filters narrow by action, who, what and when (`from`
 * and `to` are whole UTC days, both included).
 */
export const ZAdminAuditQuery = ZPageQuery.extend({
  action: optionalChoice(AUDIT_ACTIONS, AUDIT_TEXTS.actionInvalid),
  actorKind: optionalChoice(AUDIT_ACTOR_KINDS, AUDIT_TEXTS.actorKindInvalid),
  actorId: optionalId,
  targetTable: optionalChoice(AUDIT_TARGET_TABLES, AUDIT_TEXTS.targetTableInvalid),
  targetId: optionalId,
  from: optionalDay,
  to: optionalDay,
}).refine((v) => !v.from || !v.to || v.from <= v.to, { message: AUDIT_TEXTS.datesReversed, path: ['to'] });
export type TAdminAuditQuery = z.infer<typeof ZAdminAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  actorId: z.number().int().nullable(),
  /** The admin's name or the owner's business as they are now; null for the system or a removed actor. */
  actorName: z.string().nullable(),
  action: z.string(),
  targetTable: z.string().nullable(),
  targetId: z.number().int().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: ZIsoDate,
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAdminAuditResponse = pageAnswer('entries', ZAuditEntry);
export type TAdminAuditResponse = z.infer<typeof ZAdminAuditResponse>;
