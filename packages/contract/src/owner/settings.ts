import { z } from 'zod';
import { LIMITS, REVIEW_FLOWS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { REVIEW_PAGE_LANGUAGES } from '../rules/languages.ts';
import { cappedText, TEXT_LIMITS } from '../schema-helpers.ts';

/** The owner's settings (owner.settings): the review page and notifications, and the password. */

export const ZOwnerSettings = z.object({
  reviewFlow: z.enum(REVIEW_FLOWS),
  notifyLowRatings: z.boolean(),
  dailyDigest: z.boolean(),
  /**
   * The review page's language when the link has no `?lang=`; null: the customer's phone decides
   * (Accept-Language). Optional, so clients written before it keep working.
   */
  reviewPageLanguage: z.enum(REVIEW_PAGE_LANGUAGES).nullable().optional(),
  /**
   * Also open a feedback case for a 4-5 star review whose text reads negative (issue 33; default
   * off). Optional, so clients written before it keep working.
   */
  casesForNegativeHighRatings: z.boolean().optional(),
});
export type TOwnerSettings = z.infer<typeof ZOwnerSettings>;
export const ZOwnerSettingsUpdate = ZOwnerSettings.partial();

/** owner.settings.changePassword; admin.auth.changePassword takes the same input. */
export const ZChangePassword = z.object({
  currentPassword: cappedText(TEXT_LIMITS.password).min(1, MESSAGES.registration.passwordRequired),
  newPassword: z
    .string()
    .min(1, MESSAGES.registration.passwordRequired)
    .min(LIMITS.passwordMin, MESSAGES.registration.passwordMin),
});
