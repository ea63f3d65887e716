import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { ZIsoDate } from './dto.ts';
import { BUSINESS_CODE_PATTERN, EMAIL_PATTERN } from './patterns.ts';
import { TEXT_TEXTS } from './text-rules.ts';

/**
 * Building blocks of the package's schemas. Internal: not exported from the package index, so
 * they can change without touching the web app or the server.
 */

/**
 * Every text has a cap, checked first and aborting the rest, so no pattern ever runs on a huge
 * string (a plain `.max` would still run the checks after it). Where the spec has its own maximum
 * with its own message, the cap sits above it and the spec's message still answers.
 */
export const TEXT_LIMITS = { line: 200, email: 254, url: 2048, password: 256, long: 10_000 } as const;

/** A text of at most `max` characters; longer is refused at once. */
export const cappedText = (max: number, message?: string) =>
  z.string(message ? { message } : undefined).max(max, { message: TEXT_TEXTS.tooLong(max), abort: true });

/**
 * Numbers from JSON are numbers; from a query string or a path they arrive as text. Only text that
 * spells the number plainly becomes one: never `true`, `[3]`, '0x1F', '3e0', ' 3' (z.coerce took
 * them all, so `DELETE /api/admin/users/3.0` deleted owner 3).
 */
const WHOLE_NUMBER_TEXT = /^-?\d{1,15}$/;
const DECIMAL_TEXT = /^-?\d{1,15}(?:\.\d{1,15})?$/;
const plainNumber = (pattern: RegExp) => (value: unknown) =>
  typeof value === 'string' && pattern.test(value) ? Number(value) : value;

/** The start of a full ISO time, 'YYYY-MM-DDT…'. */
export const ISO_TIME_START_PATTERN = /^\d{4}-\d{2}-\d{2}T/;

/** A whole number, or its digits as text. */
export const wholeNumberInput = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess(plainNumber(WHOLE_NUMBER_TEXT), schema);

/** A number, or a plain decimal as text ('12', '12.5'). */
export const decimalInput = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess(plainNumber(DECIMAL_TEXT), schema);

/** A required text field: at most `max` characters, trimmed, and `message` when absent or empty. */
export const required = (message: string, max: number = TEXT_LIMITS.line) =>
  cappedText(max, message).trim().min(1, message);

/** A required text, trimmed and lower-cased, that must match `pattern` (`requiredMessage` when empty). */
const loweredMatch =
  (pattern: RegExp, max: number = TEXT_LIMITS.line) =>
  (requiredMessage: string, invalidMessage: string) =>
    cappedText(max, requiredMessage)
      .trim()
      .toLowerCase()
      .min(1, requiredMessage)
      .regex(pattern, invalidMessage);

/** A business code (lower-cased letters, digits and dashes). */
export const businessCode = loweredMatch(BUSINESS_CODE_PATTERN);

/** An email address, lower-cased. */
export const emailAddress = loweredMatch(EMAIL_PATTERN, TEXT_LIMITS.email);

/** A password: `passwordRequired` when absent or empty, `passwordMin` when shorter than the minimum. */
export const password = (messages: { passwordRequired: string; passwordMin: string }) =>
  cappedText(TEXT_LIMITS.password, messages.passwordRequired)
    .min(1, messages.passwordRequired)
    .min(LIMITS.passwordMin, messages.passwordMin);

/** An optional text field: trimmed, at most `max` characters, an empty string stored as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max * 2, { message: TEXT_TEXTS.tooLong(max), abort: true })
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

/** An optional enum query parameter where an empty string (`?status=`) means "not given". */
export function optionalChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z
    .enum([...values, ''] as unknown as [T[number] | '', ...(T[number] | '')[]], { message })
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : (v as T[number])));
}

/** The id of a record named in an owner's input (a contact, a campaign, a key, a placement). */
export const ZRecordId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Whole-number fields, one per key, in the keys' order: spread into an object's shape. */
export const wholeNumberFields = <const K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, z.number().int()])) as Record<K, z.ZodNumber>;

/** An object of whole-number counts, one per key, in the keys' order (the summary cards). */
export const countsOf = <const K extends string>(keys: readonly K[]) => z.object(wholeNumberFields(keys));

/** An answer that carries what was saved (or made), then a message for people: `{ ...shape, message }`. */
export const withMessage = <S extends z.ZodRawShape>(shape: S) => z.object({ ...shape, message: z.string() });

/** The fields that name an owner, first in every owner shape (the owner's own and the admin's). */
export const OWNER_IDENTITY_FIELDS = {
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  businessName: z.string(),
  contactNumber: z.string(),
  code: z.string(),
  reviewLink: z.string().nullable(),
};

/** An IST month ('YYYY-MM') and whole-number figures of it (owner request usage, admin views). */
export const monthFigures = <const K extends string>(keys: readonly K[]) =>
  z.object({ month: z.string(), ...wholeNumberFields(keys) });

/** How a Google connection's syncing went: when it last synced, its last error (owner and admin views). */
export const SYNC_OUTCOME_FIELDS = {
  lastSyncedAt: ZIsoDate.nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: ZIsoDate.nullable(),
};
