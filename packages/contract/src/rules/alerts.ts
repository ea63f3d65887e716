import { istTimeOfDay } from './ist.ts';

/**
 * Case alerts to the business's own team (issue 33 item 6): who wants which alert on which
 * channel, and their quiet hours (IST). An alert that falls in someone's quiet hours waits for
 * their end; after an alert, a person's further alerts wait for the batch window to close and go
 * together. The server and the Settings screen read these, so both say the same.
 */

/** A new case, and a case past its first-response target with no response yet. */
export const CASE_ALERT_KINDS = ['new', 'overdue'] as const;
export type TCaseAlertKind = (typeof CASE_ALERT_KINDS)[number];

/** Push: Web Push to the phones and browsers where the person turned notifications on (issue 34). */
export const ALERT_CHANNELS = ['email', 'whatsapp', 'push'] as const;
export type TAlertChannel = (typeof ALERT_CHANNELS)[number];

/** Quiet hours as minutes after IST midnight; start > end spans midnight (22:00-08:00). */
export interface TQuietHours {
  start: number;
  end: number;
}

/** One person's alert choices: per kind, per channel, and quiet hours (none: alerts at any hour). */
export interface TAlertChoices {
  newCase: Record<TAlertChannel, boolean>;
  overdue: Record<TAlertChannel, boolean>;
  /** The plan's renewal (payment) reminders as a push; their email always goes. */
  payment: { push: boolean };
  quietHours: TQuietHours | null;
}

/**
 * A person who never chose: every alert by email, by WhatsApp (the number they sign in with,
 * when StarLoop can reach it) and as a push (where they turned notifications on), at any hour. Quiet hours are off by default: a complaint at 22:30
 * is often one the owner still wants to handle tonight.
 */
export const DEFAULT_ALERT_CHOICES: TAlertChoices = {
  newCase: { email: true, whatsapp: true, push: true },
  overdue: { email: true, whatsapp: true, push: true },
  payment: { push: true },
  quietHours: null,
};

/**
 * After an alert, a person's next one waits this long, and everything that came in meanwhile goes
 * in it. The first alert after a quiet spell never waits.
 */
export const CASE_ALERT_BATCH_MINUTES = 10;

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/** 'HH:MM' (24-hour) as minutes after midnight; undefined when it is not such a time. */
export function parseClock(text: string): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** Minutes after midnight as 'HH:MM'. */
export const clockText = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Whether `at` falls in the quiet hours: [start, end) on the IST clock, across midnight when start > end. */
export function inQuietHours(at: Date, quiet: TQuietHours | null): boolean {
  if (!quiet || quiet.start === quiet.end) return false;
  const minute = Math.floor(istTimeOfDay(at) / MINUTE_MS);
  return quiet.start < quiet.end
    ? minute >= quiet.start && minute < quiet.end
    : minute >= quiet.start || minute < quiet.end;
}

/** The next instant after `at` at which the quiet hours end (the IST time `end`, today or tomorrow). */
export function quietHoursEnd(at: Date, quiet: TQuietHours): Date {
  const midnight = at.getTime() - istTimeOfDay(at);
  let end = midnight + (quiet.end % DAY_MINUTES) * MINUTE_MS;
  if (end <= at.getTime()) end += DAY_MINUTES * MINUTE_MS;
  return new Date(end);
}

/** Whether a person wants `kind` alerts on any channel they can be reached on. */
export const wantsAlert = (
  choices: TAlertChoices,
  kind: TCaseAlertKind,
  reachable: Record<TAlertChannel, boolean>,
): boolean => ALERT_CHANNELS.some((channel) => alertChannelOn(choices, kind, channel) && reachable[channel]);

/** Whether a person chose `channel` for `kind` alerts. */
export const alertChannelOn = (choices: TAlertChoices, kind: TCaseAlertKind, channel: TAlertChannel) =>
  (kind === 'new' ? choices.newCase : choices.overdue)[channel];
