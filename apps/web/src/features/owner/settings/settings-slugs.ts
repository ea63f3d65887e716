/**
 * The sections of Settings by their path (/dashboard/settings/{slug}), without their components:
 * the route file checks the address with it and stays out of the first view's code.
 * settings-sections.tsx gives each its title and content, in this order.
 */
export const SETTINGS_SLUGS = [
  'review-page',
  'replies',
  'channels',
  'team',
  'developers',
  'account',
] as const;
export type TSettingsSlug = (typeof SETTINGS_SLUGS)[number];

export const isSettingsSlug = (value: string): value is TSettingsSlug =>
  (SETTINGS_SLUGS as readonly string[]).includes(value);
