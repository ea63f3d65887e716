import { z } from 'zod';
import { DATA_REQUEST_KINDS, ZDataHeld } from '../public/my-data.ts';

/** A customer's access or erasure request, as the business's owners see it (a task with a due date). */
export const DATA_REQUEST_STATUSES = ['open', 'completed', 'auto_completed'] as const;

export const DATA_REQUEST_TEXTS = {
  notFound: 'Data request not found',
  completed: 'The request is completed.',
  alreadyCompleted: 'This request is completed already.',
} as const;

export const ZOwnerDataRequest = z.object({
  id: z.number().int(),
  kind: z.enum(DATA_REQUEST_KINDS),
  identifierKind: z.enum(['phone', 'email']),
  /** In clear while open (to find the customer), masked once completed. */
  identifier: z.string(),
  held: ZDataHeld,
  status: z.enum(DATA_REQUEST_STATUSES),
  dueAt: z.string(),
  overdue: z.boolean(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TOwnerDataRequest = z.infer<typeof ZOwnerDataRequest>;

export const ZOwnerDataRequestList = z.object({
  success: z.literal(true),
  open: z.number().int(),
  requests: z.array(ZOwnerDataRequest),
});
export type TOwnerDataRequestList = z.infer<typeof ZOwnerDataRequestList>;

export const ZDataRequestIdParam = z.object({ id: z.coerce.number().int().positive() });
export const ZDataRequestComplete = z.object({ id: z.coerce.number().int().positive() });

export const ZDataRequestCompleteResult = z.object({
  success: z.literal(true),
  message: z.string(),
  request: ZOwnerDataRequest,
});
