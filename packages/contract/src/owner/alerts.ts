import { z } from 'zod';
import { clockText, parseClock, type TAlertChoices } from '../rules/alerts.ts';

/**
 * A person's case alerts (owner.alerts.*; `/api/v1/me/alert-preferences`, issue 33 item 6): new
 * and overdue feedback cases by email and by WhatsApp from StarLoop's own number, and quiet hours
 * (IST) during which alerts wait and then go as one message. Each person edits their own; an API
 * key acts for no person and is refused.
 */

export const ALERT_TEXTS = {
  clockInvalid: 'Use a 24-hour time like 22:00 (IST).',
  quietHoursSame: 'Quiet hours must end at a different time than they start.',
  whatsappNotConfigured: 'WhatsApp alerts are not set up on this StarLoop server yet, so alerts go by email.',
  whatsappPhoneInvalid:
    'Your sign-in number is not an Indian mobile number, so StarLoop cannot send you WhatsApp alerts.',
  whatsappOptedOut:
    'You replied STOP to StarLoop on WhatsApp, so no WhatsApp alerts are sent to this number. Contact support to receive them again.',
  noEmail: 'You have no email address on your profile, so email alerts cannot reach you.',
  pushNotConfigured: 'Push notifications are not set up on this StarLoop server yet.',
  pushNoDevice: 'Turn on notifications on this phone to get alerts as push notifications.',
} as const;

/** A 24-hour IST time, 'HH:MM' (what parseClock reads). */
export const CLOCK_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const ZClock = z.string({ message: ALERT_TEXTS.clockInvalid }).regex(CLOCK_PATTERN, ALERT_TEXTS.clockInvalid);

/**
 * Quiet hours in IST, 'HH:MM' to 'HH:MM'; an end before the start means the next morning. The same
 * time twice is refused by the service (ALERT_TEXTS.quietHoursSame, field quietHours): the OpenAPI
 * document cannot say "two fields differ", and it documents exactly what the schema parses.
 */
export const ZQuietHours = z.object({ start: ZClock, end: ZClock });

/** push: optional when writing (left out: unchanged), so clients from before push still work. */
const ZAlertChannels = z.object({ email: z.boolean(), whatsapp: z.boolean(), push: z.boolean().optional() });
const ZAlertChannelsAnswer = z.object({ email: z.boolean(), whatsapp: z.boolean(), push: z.boolean() });

/** PUT /api/v1/me/alert-preferences: the whole choice (what is sent replaces what was). */
export const ZAlertPreferencesUpdate = z.object({
  /** A new feedback case (a 1-3 star review, or a 4-5 star complaint when the branch asks for it). */
  newCase: ZAlertChannels,
  /** A case past its first-response target that nobody has responded to. */
  overdue: ZAlertChannels,
  /** The plan's renewal (payment) reminders as a push (their email always goes); left out: unchanged. */
  payment: z.object({ push: z.boolean() }).optional(),
  /** null: alerts at any hour. */
  quietHours: ZQuietHours.nullable(),
});
export type TAlertPreferencesUpdate = z.infer<typeof ZAlertPreferencesUpdate>;

/** The whole choice as answered (every channel said). */
export const ZAlertChoicesAnswer = z.object({
  newCase: ZAlertChannelsAnswer,
  overdue: ZAlertChannelsAnswer,
  payment: z.object({ push: z.boolean() }),
  quietHours: ZQuietHours.nullable(),
});
export type TAlertChoicesAnswer = z.infer<typeof ZAlertChoicesAnswer>;

/** GET /api/v1/me/alert-preferences: the choices, and where alerts go and whether they can. */
export const ZAlertPreferences = ZAlertChoicesAnswer.extend({
  /** Where email alerts go (the person's email); null: none on the profile. */
  email: z.string().nullable(),
  /** The number WhatsApp alerts go to (the person's sign-in number). */
  phone: z.string(),
  /** Whether StarLoop can send this person WhatsApp alerts, and if not why (in their words). */
  whatsapp: z.object({ available: z.boolean(), reason: z.string().nullable() }),
  /** Whether pushes can reach the person: the server has VAPID keys and they have a live subscription. */
  push: z.object({
    available: z.boolean(),
    reason: z.string().nullable(),
    /** Their phones and browsers with notifications on. */
    devices: z.number().int().nonnegative(),
  }),
});
export type TAlertPreferences = z.infer<typeof ZAlertPreferences>;

/** The rules' choices (quiet hours in minutes) as the API writes them ('HH:MM'). */
export const alertChoicesAnswer = (choices: TAlertChoices): TAlertChoicesAnswer => ({
  newCase: { ...choices.newCase },
  overdue: { ...choices.overdue },
  payment: { ...choices.payment },
  quietHours: choices.quietHours
    ? { start: clockText(choices.quietHours.start), end: clockText(choices.quietHours.end) }
    : null,
});

/** The API's choices as the rules read them; a push choice left out keeps `previous`'s. */
export const alertChoicesOf = (update: TAlertPreferencesUpdate, previous: TAlertChoices): TAlertChoices => ({
  newCase: { ...update.newCase, push: update.newCase.push ?? previous.newCase.push },
  overdue: { ...update.overdue, push: update.overdue.push ?? previous.overdue.push },
  payment: { push: update.payment?.push ?? previous.payment.push },
  quietHours: update.quietHours
    ? { start: parseClock(update.quietHours.start)!, end: parseClock(update.quietHours.end)! }
    : null,
});
