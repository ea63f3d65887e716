import { z } from 'zod';
import {
  AGENT_STATUSES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  MAIL_STATUSES,
  REPORT_TYPES,
  type TReportType,
} from './constants.ts';
import { ZIsoDate } from './dto.ts';
import { MESSAGES } from './messages.ts';
import { EMAIL_PATTERN, ZAgentCreate, ZOnboarding, ZPageMeta } from './schemas.ts';

/**
 * Admin back-office, part 2: agents, leads, onboarding, reports and the mail outbox. Request and
 * response schemas of the tRPC procedures and of the REST routes at the spec's paths.
 */

/** Texts the spec leaves open (spec section 8 gives only the client's fallbacks). */
export const ADMIN_OPS_TEXTS = {
  agentNotFound: 'Agent not found',
  agentPhoneTaken: 'An agent with this phone number already exists',
  agentEmailTaken: 'An agent with this email already exists',
  agentCodesExhausted: 'No free agent code is left. Please contact support.',
  agentDeleted: 'Agent deleted successfully',
  leadNotFound: 'Lead not found',
  leadDeleted: 'Lead deleted successfully',
  onboardingCount: 'Add between 1 and 10 customers',
  onboardingMissing: 'Please fill in the customer and payment details',
  codeTaken: 'This business code is taken',
  phoneTaken: 'This phone number is already registered',
  codeRepeated: (other: number) => `This business code is already used by Customer ${other}`,
  phoneRepeated: (other: number) => `This phone number is already used by Customer ${other}`,
  stateUnknown: 'Choose a state from the list',
  cityNotInState: (state: string) => `Choose a city of ${state}`,
  agentUnknown: 'This agent does not exist',
  reportQueued: (type: string, email: string) => `${type} report will be emailed to ${email}`,
  reportTypeRequired: 'Please select report type',
} as const;

/** Prefix of every onboarding error about one branch (`branches.1.code` -> 'Customer 2: …'). */
export const onboardingBranchLabel = (index: number) => `Customer ${index + 1}`;

const sortOrder = z.enum(['asc', 'desc']).default('desc');
const page = z.coerce.number().int().min(1).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(10);
const search = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v || undefined);

/** Path parameter `{id}` of the agent and lead routes. */
export const ZAdminOpsIdParam = z.object({
  id: z.coerce.number({ message: 'Invalid id' }).int('Invalid id').positive('Invalid id'),
});

// ---------- Agents ----------

export const AGENT_SORT_FIELDS = ['code', 'name', 'email', 'phone', 'status', 'users', 'createdAt'] as const;
export type TAgentSortField = (typeof AGENT_SORT_FIELDS)[number];

/** GET /api/admin/agents and admin.agents.list. */
export const ZAgentListInput = z.object({
  page,
  limit,
  search,
  sortBy: z.enum(AGENT_SORT_FIELDS).default('createdAt'),
  sortOrder,
  status: z.enum(AGENT_STATUSES).optional(),
});
export type TAgentListInput = z.infer<typeof ZAgentListInput>;

export const ZAgentDto = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.enum(AGENT_STATUSES),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
  /** Owners (not deleted) who came through this agent. */
  _count: z.object({ users: z.number().int() }),
});
export type TAgentDto = z.infer<typeof ZAgentDto>;

export const ZAgentCounts = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
});

export const ZAgentListResult = z.object({
  success: z.literal(true),
  agents: z.array(ZAgentDto),
  meta: ZPageMeta,
  counts: ZAgentCounts,
});
export type TAgentListResult = z.infer<typeof ZAgentListResult>;

/** PUT /api/admin/agents/{id}: the edit dialog requires name, email and phone; status switches. */
export const ZAgentUpdate = ZAgentCreate.extend({
  status: z.enum(AGENT_STATUSES, { message: 'Please select a status' }),
});
export type TAgentUpdate = z.infer<typeof ZAgentUpdate>;

export const ZAgentResult = z.object({ success: z.literal(true), agent: ZAgentDto });
export type TAgentResult = z.infer<typeof ZAgentResult>;

export const ZAdminOpsDeleteResult = z.object({ success: z.literal(true), message: z.string() });
export type TAdminOpsDeleteResult = z.infer<typeof ZAdminOpsDeleteResult>;

// ---------- Leads ----------

export const LEAD_SORT_FIELDS = ['id', 'name', 'email', 'source', 'status', 'createdAt'] as const;
export type TLeadSortField = (typeof LEAD_SORT_FIELDS)[number];

/** GET /api/admin/leads and admin.leads.list. */
export const ZLeadListInput = z.object({
  page,
  limit,
  search,
  sortBy: z.enum(LEAD_SORT_FIELDS).default('createdAt'),
  sortOrder,
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

export const ZLeadCounts = z.object({
  totalLeads: z.number().int(),
  newLeads: z.number().int(),
  contactedLeads: z.number().int(),
  convertedLeads: z.number().int(),
  thisMonthLeads: z.number().int(),
});
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

// ---------- Onboarding ----------

/**
 * ZOnboarding whose errors about one branch name the branch: 'Customer 2: Business code is
 * required' at `branches.1.code`. Typed like ZOnboarding for callers (tRPC input, forms).
 */
export const ZOnboardingRequest = z.custom<z.input<typeof ZOnboarding>>().transform((value, ctx) => {
  const parsed = ZOnboarding.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const [head, index] = issue.path;
    let message = issue.message;
    if (head === 'branches' && typeof index === 'number') {
      message = `${onboardingBranchLabel(index)}: ${issue.message}`;
    } else if (head === 'branches') {
      message = ADMIN_OPS_TEXTS.onboardingCount;
    } else if (head === undefined) {
      message = ADMIN_OPS_TEXTS.onboardingMissing;
    }
    ctx.addIssue({ code: 'custom', message, path: issue.path });
  }
  return z.NEVER;
});

export const ZOnboardingResult = z.object({
  success: z.literal(true),
  users: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      /** One-time link (7 days) for the owner to choose a password; shown to the admin once. */
      setPasswordUrl: z.string(),
    }),
  ),
  manualPaymentId: z.number().int(),
});
export type TOnboardingResult = z.infer<typeof ZOnboardingResult>;

// ---------- Reports ----------

const re = MESSAGES.reportExport;

/** GET /api/reports/?type&email and admin.reports.export (spec section 5, Report export). */
export const ZReportExport = z.object({
  type: z.enum(REPORT_TYPES, { message: re.required }),
  email: z
    .string({ message: re.required })
    .trim()
    .toLowerCase()
    .min(1, re.required)
    .regex(EMAIL_PATTERN, re.emailInvalid),
});
export type TReportExport = z.infer<typeof ZReportExport>;

export const ZReportExportResult = z.object({ success: z.literal(true), message: z.string() });
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

// ---------- Mail outbox ----------

export const ZOutboxListInput = z
  .object({ limit: z.coerce.number().int().min(1).max(200).default(50) })
  .default({ limit: 50 });
export type TOutboxListInput = z.infer<typeof ZOutboxListInput>;

export const ZOutboxEmail = z.object({
  id: z.number().int(),
  toAddress: z.string(),
  subject: z.string(),
  textBody: z.string(),
  status: z.enum(MAIL_STATUSES),
  error: z.string().nullable(),
  category: z.string().nullable(),
  createdAt: ZIsoDate,
  sentAt: ZIsoDate.nullable(),
});
export type TOutboxEmail = z.infer<typeof ZOutboxEmail>;

export const ZOutboxListResult = z.object({ emails: z.array(ZOutboxEmail) });
export type TOutboxListResult = z.infer<typeof ZOutboxListResult>;
