/** The public side's contract (public.*, registration, unsubscribe), one file per area of the API. */
export * from './common.ts';
export * from './lead.ts';
export * from './my-data.ts';
export * from './password.ts';
export * from './registration.ts';
export * from './review.ts';
export * from './unsubscribe.ts';
