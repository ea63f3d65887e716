import { z } from 'zod';
import { REPORT_TYPES, type TReportType } from '../constants.ts';
import { ZMessageResult } from '../dto.ts';
import { MESSAGES } from '../messages.ts';
import { emailAddress } from '../schema-helpers.ts';
import { ADMIN_OPS_TEXTS } from './common.ts';

/** Report export (spec section 5): a CSV/XLSX emailed, or downloaded at once. */

const re = MESSAGES.reportExport;

/** GET /api/reports/?type&email and admin.reports.export (spec section 5, Report export). */
export const ZReportExport = z.object({
  type: z.enum(REPORT_TYPES, { message: re.required }),
  email: emailAddress(re.required, re.emailInvalid),
});
export type TReportExport = z.infer<typeof ZReportExport>;

export const ZReportExportResult = ZMessageResult;
export type TReportExportResult = z.infer<typeof ZReportExportResult>;

export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TReportFormat = (typeof REPORT_FORMATS)[number];

/** GET /api/reports/download?type&format (the Export modal's direct download). */
export const ZReportDownload = z.object({
  type: z.enum(REPORT_TYPES, { message: ADMIN_OPS_TEXTS.reportTypeRequired }),
  format: z.enum(REPORT_FORMATS, { message: 'Format must be csv or xlsx' }).default('csv'),
});
export type TReportDownload = z.infer<typeof ZReportDownload>;

export const REPORT_TITLES: Record<TReportType, string> = {
  users: 'Users',
  payments: 'Payments',
  'manual-payments': 'Manual payments',
  reviews: 'Reviews',
  agents: 'Agents',
};
