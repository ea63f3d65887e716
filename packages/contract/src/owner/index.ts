/** The owner's contract (owner.*), one file per area of the API. */
export * from './account.ts';
export * from './account-branches.ts';
export * from './alerts.ts';
export * from './auth.ts';
export * from './case-figures.ts';
export * from './cases.ts';
export * from './channels.ts';
export * from './dashboard.ts';
export * from './google.ts';
export * from './integrations.ts';
export * from './placements.ts';
export * from './plan.ts';
export * from './reply-template-languages.ts';
export * from './requests.ts';
export * from './reviews.ts';
export * from './settings.ts';
export * from './templates.ts';
