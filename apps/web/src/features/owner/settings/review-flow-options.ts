/**
 * The review flows, in the order Settings and the first-run checklist offer them (their words are the
 * catalog's: `settings.reviewFlow.options`, Google's policy note beside them).
 */
export const REVIEW_FLOW_OPTIONS = [{ value: 'smart' }, { value: 'open' }] as const;
