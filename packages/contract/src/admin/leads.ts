import { z } from 'zod';
import { LEAD_SOURCES, LEAD_STATUSES, LIMITS } from '../constants.ts';
import { ZIsoDate } from '../dto.ts';
import { ZPageMeta } from '../list-query.ts';
import { MESSAGES } from '../messages.ts';
import { EMAIL_PATTERN } from '../patterns.ts';
import { countsOf, required, TEXT_LIMITS } from '../schema-helpers.ts';
import { sortableListQuery } from './common.ts';

/** Leads (spec section 6): the contact form's requests, worked through by the admins. */

export const LEAD_SORT_FIELDS = ['id', 'name', 'email', 'source', 'status', 'createdAt'] as const;
export type TLeadSortField = (typeof LEAD_SORT_FIELDS)[number];

/** GET /api/admin/leads and admin.leads.list. */
export const ZLeadListInput = sortableListQuery(LEAD_SORT_FIELDS, 'createdAt').extend({
  status: z.enum(LEAD_STATUSES).optional(),
  source: z.enum(LEAD_SOURCES).optional(),
});
export type TLeadListInput = z.infer<typeof ZLeadListInput>;

export const ZLeadDto = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  contactNumber: z.string(),
  bussiness: z.string(),
  subject: z.string(),
  message: z.string(),
  source: z.enum(LEAD_SOURCES),
  status: z.enum(LEAD_STATUSES),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type TLeadDto = z.infer<typeof ZLeadDto>;

export const ZLeadCounts = countsOf([
  'totalLeads',
  'newLeads',
  'contactedLeads',
  'convertedLeads',
  'thisMonthLeads',
]);
export type TLeadCounts = z.infer<typeof ZLeadCounts>;

/** Exactly the spec's fields: leads, meta, counts. */
export const ZLeadListResult = z.object({
  leads: z.array(ZLeadDto),
  meta: ZPageMeta,
  counts: ZLeadCounts,
});
export type TLeadListResult = z.infer<typeof ZLeadListResult>;

export const ZLeadResult = z.object({ success: z.literal(true), lead: ZLeadDto });
export type TLeadResult = z.infer<typeof ZLeadResult>;

const le = MESSAGES.leadEdit;
export const ZLeadUpdate = z.object({
  name: required(le.nameRequired),
  email: required(le.emailRequired, TEXT_LIMITS.email).regex(EMAIL_PATTERN, le.emailInvalid),
  contactNumber: required(le.contactNumberRequired),
  bussiness: z.string().trim().max(200).optional().default(''),
  subject: required(le.subjectRequired),
  message: required(le.messageRequired, TEXT_LIMITS.long).max(LIMITS.leadMessageMax, le.messageMax),
  source: z.enum(LEAD_SOURCES),
  status: z.enum(LEAD_STATUSES),
});
export type TLeadUpdate = z.infer<typeof ZLeadUpdate>;
