import { z } from 'zod';

/** Shared by every area (owner, admin, public, payments): the date format and confirming answers. */

/** Dates travel as ISO-8601 strings on both tRPC and REST. */
export const ZIsoDate = z.string();

export const ZSuccess = z.object({ success: z.literal(true) });

/** `{ success: true, message }`: the answer of every action that only confirms (delete, queue, reset). */
export const ZMessageResult = ZSuccess.extend({ message: z.string() });
export type TMessageResult = z.infer<typeof ZMessageResult>;

/** `{ success: true, message, id }`: an action that confirms and names what it created. */
export const ZCreatedResult = ZMessageResult.extend({ id: z.number().int() });
export type TCreatedResult = z.infer<typeof ZCreatedResult>;
