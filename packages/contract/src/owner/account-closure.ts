import { z } from 'zod';
import { ZIsoDate } from '../dto.ts';
import { EMAIL_PATTERN } from '../patterns.ts';
import { cappedText, TEXT_LIMITS } from '../schema-helpers.ts';

/**
 * Their data, their rights (issue 35; India's DPDP Act 2023): closing an account (owner.account.close,
 * admin.users.reopen), the account's retention of customer data, and the grievance officer the
 * privacy page names.
 */

/** A closed account's data stays exportable this long, then it is erased. */
export const ACCOUNT_CLOSURE_DAYS = 30;
/** Emails before the erasure: this many days before it. */
export const ERASURE_NOTICE_DAYS = [7, 1] as const;
/** Retention defaults, in days (docs/decisions.md, "Their data, their rights"). */
export const RETENTION_DEFAULTS = { contactRetentionDays: 365, feedbackRetentionDays: 1095 } as const;
export const RETENTION_LIMITS = { min: 30, max: 3650 } as const;
/** Invoices and payments are kept 8 years from the end of the financial year (GST law). */
export const INVOICE_RETENTION_YEARS = 8;

export const CLOSURE_TEXTS = {
  passwordRequired: 'Enter your password to close the account',
  passwordWrong: 'Your password is not correct',
  ownersOnly: 'Only an owner of the account can close it.',
  alreadyClosed: 'This account is closed already.',
  closed: (erasureDay: string) =>
    `Your account is closed. You can sign in and export your data until ${erasureDay}; then it is erased.`,
  restricted: (erasureDay: string) =>
    `This account is closed. You can only export your data, until ${erasureDay}.`,
  closedForMembers: 'This account has been closed by its owner.',
  notClosed: 'This account is not closed.',
  reopenWindowOver: (erasureDay: string) =>
    `This account can no longer be reopened: its 30-day window ended on ${erasureDay} and its data is being erased.`,
  reopened: 'The account is open again. Its owners sign in as before; API keys stay revoked.',
  retentionSaved: 'Retention settings saved',
  retentionDays: `Enter a number of days between ${RETENTION_LIMITS.min} and ${RETENTION_LIMITS.max}`,
  grievanceSaved: 'Grievance officer saved',
  grievanceNameRequired: 'Enter the grievance officer’s name',
  grievanceEmailInvalid: 'Enter a valid email address',
  grievancePhoneInvalid: 'Enter a phone number of 8 to 15 digits, optionally starting with +',
  auditRangeInvalid: 'Choose a range whose start is before its end, at most one year long',
} as const;

export const ZAccountClose = z.object({
  password: cappedText(TEXT_LIMITS.password).min(1, CLOSURE_TEXTS.passwordRequired),
});
export type TAccountClose = z.infer<typeof ZAccountClose>;

/** A closed account: when it closed and when its data is erased (null while open). */
export const ZAccountClosure = z.object({
  closed: z.boolean(),
  closedAt: ZIsoDate.nullable(),
  erasureAt: ZIsoDate.nullable(),
});
export type TAccountClosure = z.infer<typeof ZAccountClosure>;

export const ZAccountCloseResult = ZAccountClosure.extend({ success: z.literal(true), message: z.string() });
export type TAccountCloseResult = z.infer<typeof ZAccountCloseResult>;

const retentionDays = z
  .number({ message: CLOSURE_TEXTS.retentionDays })
  .int(CLOSURE_TEXTS.retentionDays)
  .min(RETENTION_LIMITS.min, CLOSURE_TEXTS.retentionDays)
  .max(RETENTION_LIMITS.max, CLOSURE_TEXTS.retentionDays);

export const ZRetentionSettings = z.object({
  contactRetentionDays: retentionDays,
  feedbackRetentionDays: retentionDays,
});
export type TRetentionSettings = z.infer<typeof ZRetentionSettings>;

export const ZGrievanceOfficer = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type TGrievanceOfficer = z.infer<typeof ZGrievanceOfficer>;

export const ZGrievanceOfficerUpdate = z.object({
  name: cappedText(120).trim().min(1, CLOSURE_TEXTS.grievanceNameRequired),
  email: cappedText(200).trim().toLowerCase().regex(EMAIL_PATTERN, CLOSURE_TEXTS.grievanceEmailInvalid),
  phone: z
    .string()
    .trim()
    .regex(/^\+?\d{8,15}$/, CLOSURE_TEXTS.grievancePhoneInvalid)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
});
export type TGrievanceOfficerUpdate = z.infer<typeof ZGrievanceOfficerUpdate>;

/** GET /api/admin/audit-log/export: instants (ISO), `to` exclusive. */
export const ZAuditExportQuery = z.object({
  from: z.iso.datetime({ offset: true, message: CLOSURE_TEXTS.auditRangeInvalid }),
  to: z.iso.datetime({ offset: true, message: CLOSURE_TEXTS.auditRangeInvalid }),
});
export type TAuditExportQuery = z.infer<typeof ZAuditExportQuery>;

export const ZRetentionSettingsAnswer = ZRetentionSettings.extend({
  success: z.literal(true),
  message: z.string(),
});
export type TRetentionSettingsAnswer = z.infer<typeof ZRetentionSettingsAnswer>;
