import { z } from 'zod';

/** What an account's data export says (issue 35, item 1). */
export const ACCOUNT_EXPORT_TEXTS = {
  invalidId: 'Invalid export id',
  notFound: 'Export not found',
  notReady: 'This export is not ready yet',
  expired: 'This export has expired; start a new one',
  accountNotFound: 'Account not found',
  running: 'An export of this account is already running',
} as const;

/** How long an export's file is kept after it is ready. */
export const ACCOUNT_EXPORT_RETENTION_DAYS = 7;

export const ACCOUNT_EXPORT_STATUSES = ['running', 'ready', 'failed'] as const;
export type TAccountExportState = (typeof ACCOUNT_EXPORT_STATUSES)[number];

/** POST /api/v1/account/exports answers the new export's id; a job builds it. */
export const ZAccountExportStarted = z.object({ id: z.number().int().positive() });
export type TAccountExportStarted = z.infer<typeof ZAccountExportStarted>;

/** GET /api/v1/account/exports/{id}: where the export is; the download path once it is ready. */
export const ZAccountExportStatus = z.object({
  id: z.number().int().positive(),
  status: z.enum(ACCOUNT_EXPORT_STATUSES),
  /** Percent of the account's rows written, 0-100. */
  progress: z.number().int().min(0).max(100),
  /** Present when ready: the ZIP, for the account's owners (owner token). */
  downloadUrl: z.string().optional(),
  createdAt: z.string(),
  /** When the file is deleted (7 days after it was ready). */
  expiresAt: z.string().nullable(),
  /** The ZIP's size in bytes once ready. */
  byteSize: z.number().int().nonnegative(),
});
export type TAccountExportStatus = z.infer<typeof ZAccountExportStatus>;

/** The account's recent exports, newest first (the Settings section). */
export const ZAccountExportList = z.object({ exports: z.array(ZAccountExportStatus) });
export type TAccountExportList = z.infer<typeof ZAccountExportList>;

/** Path parameter `{id}` of an export (decimal digits only). */
export const ZAccountExportIdParam = z.object({
  id: z
    .string({ message: ACCOUNT_EXPORT_TEXTS.invalidId })
    .regex(/^\d{1,15}$/, ACCOUNT_EXPORT_TEXTS.invalidId)
    .transform(Number)
    .pipe(z.number().int(ACCOUNT_EXPORT_TEXTS.invalidId).positive(ACCOUNT_EXPORT_TEXTS.invalidId)),
});

export const ZAccountExportIdInput = z.object({
  id: z
    .number({ message: ACCOUNT_EXPORT_TEXTS.invalidId })
    .int(ACCOUNT_EXPORT_TEXTS.invalidId)
    .positive(ACCOUNT_EXPORT_TEXTS.invalidId),
});
