import { z } from 'zod';

/**
 * The owner area's language (owner.language.*; `/api/v1/me/language`, issue 34 item 6): each
 * person chooses English (the spec's texts) or Hindi for themselves, remembered on every device.
 */
export const OWNER_LANGUAGES = ['en', 'hi'] as const;
export type TOwnerLanguage = (typeof OWNER_LANGUAGES)[number];

export const OWNER_LANGUAGE_TEXTS = {
  invalid: 'Choose English (en) or Hindi (hi).',
} as const;

export const ZOwnerLanguage = z.enum(OWNER_LANGUAGES, { error: OWNER_LANGUAGE_TEXTS.invalid });

export const ZMyLanguage = z.object({ language: ZOwnerLanguage });
export type TMyLanguage = z.infer<typeof ZMyLanguage>;
