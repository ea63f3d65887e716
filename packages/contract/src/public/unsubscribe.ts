import { z } from 'zod';

/** The unsubscribe link in automatic reply emails (GET shows a page, POST unsubscribes). */
export const UNSUBSCRIBE_TEXTS = {
  invalid: 'This unsubscribe link is not valid.',
  confirm: 'Stop all emails from StarLoop to this address?',
  done: 'You are unsubscribed. StarLoop will not email this address again.',
  already: 'This address is already unsubscribed. StarLoop will not email it again.',
} as const;

export const ZUnsubscribeQuery = z.object({
  token: z
    .string({ message: UNSUBSCRIBE_TEXTS.invalid })
    .trim()
    .min(1, UNSUBSCRIBE_TEXTS.invalid)
    .max(200, UNSUBSCRIBE_TEXTS.invalid),
});
export type TUnsubscribeQuery = z.infer<typeof ZUnsubscribeQuery>;

export const ZUnsubscribeResult = z.object({ success: z.literal(true), message: z.string() });
export type TUnsubscribeResult = z.infer<typeof ZUnsubscribeResult>;
