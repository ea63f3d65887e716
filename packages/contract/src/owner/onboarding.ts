import { z } from 'zod';

/**
 * The dashboard's first-run checklist (issue 34 item 4): the steps a new owner takes before the
 * first reviews come in. Computed by the server from what is stored (the review link, placements,
 * the team, Google) and from the few steps that leave nothing else behind (checking the review
 * link, saving or printing the QR card, choosing the review flow), which the web app records as
 * events when they happen.
 */
export const ONBOARDING_STEPS = [
  'review_link',
  'qr_card',
  'review_flow',
  'placements',
  'team',
  'google',
] as const;
export type TOnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** The steps recorded as events (the others are read from what they leave behind). */
export const ONBOARDING_EVENTS = [
  'review_link_checked',
  'qr_card_saved',
  'review_flow_chosen',
  'dismissed',
] as const;
export type TOnboardingEvent = (typeof ONBOARDING_EVENTS)[number];

export const ONBOARDING_TEXTS = {
  eventInvalid: 'Choose one of the checklist events.',
  notDone: 'The checklist can be dismissed once every step is done.',
} as const;

export const ZOnboardingStep = z.strictObject({
  key: z.enum(ONBOARDING_STEPS),
  done: z.boolean(),
});

export const ZOnboardingChecklist = z.strictObject({
  /** In the order shown; `team` only on Professional, `google` only when the server has Google. */
  steps: z.array(ZOnboardingStep),
  /** Every step done. */
  done: z.boolean(),
  /** The owner closed the finished checklist: the dashboard no longer shows it. */
  dismissed: z.boolean(),
});

export const ZOnboardingEventInput = z.strictObject({
  event: z.enum(ONBOARDING_EVENTS, { error: ONBOARDING_TEXTS.eventInvalid }),
});

export type TOnboardingChecklist = z.infer<typeof ZOnboardingChecklist>;
export type TOnboardingEventInput = z.infer<typeof ZOnboardingEventInput>;
