import { z } from 'zod';
import { LEAD_SUBJECTS, LIMITS } from '../constants.ts';
import { ZCreatedResult } from '../dto.ts';
import { MESSAGES } from '../messages.ts';
import { EMAIL_PATTERN } from '../patterns.ts';
import { required, TEXT_LIMITS } from '../schema-helpers.ts';

/** The contact form's demo request (public.lead.create, POST /api/lead/). */

const c = MESSAGES.contact;
export const LEAD_HONEYPOT_FIELD = 'website';
export const ZLeadCreate = z.object({
  name: required(c.nameRequired),
  email: required(c.emailRequired, TEXT_LIMITS.email).regex(EMAIL_PATTERN, c.emailInvalid),
  contactNumber: z.string().trim().max(20).optional().default(''),
  bussiness: z.string().trim().max(200).optional().default(''),
  subject: z.enum(LEAD_SUBJECTS.map((s) => s.value) as [string, ...string[]], { message: c.subjectRequired }),
  message: required(c.messageRequired, TEXT_LIMITS.long).max(
    LIMITS.leadMessageMax,
    MESSAGES.leadEdit.messageMax,
  ),
  /** Sent by the original client; ignored: a website lead is always source 'website', status 'new'. */
  source: z.unknown().optional(),
  status: z.unknown().optional(),
  /** Honeypot: a field people never see. When it is filled the lead is accepted silently and discarded. */
  [LEAD_HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type TLeadCreate = z.infer<typeof ZLeadCreate>;

export const ZLeadCreateResult = ZCreatedResult;
