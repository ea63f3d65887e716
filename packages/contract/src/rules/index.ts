/**
 * `@starloop/contract/rules`: the product rules that are plain values and functions, with no zod
 * and no import of anything that brings zod, so the customer review page (packages/review-page,
 * hydrated on customers' phones) may import them. The main entry re-exports all of them.
 */

export * from './alerts.ts';
export * from './branches.ts';
export * from './business-hours.ts';
export * from './cases.ts';
export * from './google.ts';
export * from './gst.ts';
export * from './invoice-numbers.ts';
export * from './ist.ts';
export * from './languages.ts';
export * from './money.ts';
export * from './placements.ts';
export * from './rating.ts';
export * from './replies.ts';
export * from './review-link.ts';
export * from './roles.ts';
