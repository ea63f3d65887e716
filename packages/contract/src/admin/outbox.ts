import { z } from 'zod';
import { MAIL_STATUSES } from '../constants.ts';
import { ZIsoDate } from '../dto.ts';
import { ZNewestQuery } from '../list-query.ts';

/** The mail outbox: the newest emails the server sent or queued (no paging, a limit only). */

export const ZOutboxListInput = ZNewestQuery;
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
