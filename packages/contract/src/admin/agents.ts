import { z } from 'zod';
import { AGENT_STATUSES, LIMITS } from '../constants.ts';
import { ZIsoDate, ZMessageResult } from '../dto.ts';
import { pageAnswer } from '../list-query.ts';
import { MESSAGES } from '../messages.ts';
import { INDIAN_MOBILE_PATTERN } from '../patterns.ts';
import { cappedText, countsOf, emailAddress, required, TEXT_LIMITS } from '../schema-helpers.ts';
import { sortableListQuery } from './common.ts';

/** Agents (spec section 5): the sales agents owners come through. */

export const AGENT_SORT_FIELDS = ['code', 'name', 'email', 'phone', 'status', 'users', 'createdAt'] as const;
export type TAgentSortField = (typeof AGENT_SORT_FIELDS)[number];

/** GET /api/admin/agents and admin.agents.list. */
export const ZAgentListInput = sortableListQuery(AGENT_SORT_FIELDS, 'createdAt').extend({
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

export const ZAgentCounts = countsOf(['total', 'active', 'inactive']);

export const ZAgentListResult = pageAnswer('agents', ZAgentDto, {
  counts: ZAgentCounts,
});
export type TAgentListResult = z.infer<typeof ZAgentListResult>;

const a = MESSAGES.createAgent;
/** Normalisation of spec section 5: name trimmed, spaces removed from phone, email trimmed and lower-cased. */
export const ZAgentCreate = z.object({
  name: required(a.nameRequired).min(LIMITS.agentNameMin, a.nameMin),
  phone: cappedText(TEXT_LIMITS.line, a.phoneRequired)
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().min(1, a.phoneRequired).regex(INDIAN_MOBILE_PATTERN, a.phoneInvalid)),
  email: emailAddress(a.emailRequired, a.emailInvalid),
});
export type TAgentCreate = z.infer<typeof ZAgentCreate>;

/** PUT /api/admin/agents/{id}: the edit dialog requires name, email and phone; status switches. */
export const ZAgentUpdate = ZAgentCreate.extend({
  status: z.enum(AGENT_STATUSES, { message: 'Please select a status' }),
});
export type TAgentUpdate = z.infer<typeof ZAgentUpdate>;

export const ZAgentResult = z.object({ success: z.literal(true), agent: ZAgentDto });
export type TAgentResult = z.infer<typeof ZAgentResult>;

/** The answer of deleting an agent or a lead. */
export const ZAdminOpsDeleteResult = ZMessageResult;
export type TAdminOpsDeleteResult = z.infer<typeof ZAdminOpsDeleteResult>;
