/**
 * The customer review page, shared by the server (which renders it) and the browser (which
 * hydrates it, or, in the web app's fallback route, loads it). React only: no router, no Mantine,
 * no query library, no tRPC client, no zod.
 */

export { languageHref, rememberLanguage } from './language-switcher/language-switcher.tsx';
export {
  DEFAULT_REVIEW_LANGUAGE,
  isReviewLanguage,
  LANG_PARAM,
  LANG_STORAGE_KEY,
  LANGUAGE_META,
  languageFromAcceptLanguage,
  REVIEW_LANGUAGES,
  resolveReviewLanguage,
  type TLanguageMeta,
  type TReviewLanguage,
} from './languages.ts';
export { messages as englishMessages } from './messages/en.ts';
export { fill, plural } from './messages/format.ts';
export { loadCatalog } from './messages/load-catalog.ts';
export type { TPluralForms, TReviewMessages } from './messages/types.ts';
export { ReviewApp, type TReviewPageData } from './page-data.tsx';
export {
  BRAND,
  feedbackActionPath,
  PAGE_PARAMS,
  PLACEMENT_MAX,
  REVIEW_DATA_ID,
  REVIEW_ROOT_ID,
  rateActionPath,
  reviewPagePath,
} from './paths.ts';
export {
  DEVICE_ID_KEY,
  fallbackReviewUrl,
  getDeviceId,
  MAX_RETRY_WAIT_MS,
  REVIEW_SUBMIT_URL,
  submitReview,
  type TReviewSubmission,
} from './review-api.ts';
export {
  failure,
  fetchReviewInfo,
  loadReviewInfo,
  prefetchReviewInfo,
  ReviewApiError,
  reviewInfoUrl,
  type TReviewFlow,
  type TReviewInfo,
} from './review-info.ts';
export {
  FEEDBACK_MAX,
  POSITIVE_MIN,
  REVIEW_TIMINGS,
  ReviewPage,
  type TReviewPageInitial,
  type TReviewPageProps,
} from './review-page/review-page.tsx';
