/** The product name (contract BRAND; a server test keeps the two equal), without the contract package. */
export const BRAND = 'StarLoop';

/** The public "my data" page (issue 35): see, erase, withdraw; served by the server. */
export const MY_DATA_PATH = '/my-data';

/** Query parameters of the review page. */
export const PAGE_PARAMS = {
  /** The placement the QR code or link was printed for (counted by the server, passed with reviews). */
  placement: 'p',
  /** A rating chosen before the page's script ran (no-JS form): the page opens with it chosen. */
  stars: 'stars',
  /** The feedback form was posted without the script: the page opens thanking the customer. */
  thanks: 'thanks',
} as const;

/** The longest placement key passed through (the contract's limit). */
export const PLACEMENT_MAX = 64;

export const reviewPagePath = (code: string | null | undefined) =>
  code ? `/review/${encodeURIComponent(code)}` : '/review';
/** The stars' form (no-JS): POST stars=1..5. */
export const rateActionPath = (code: string) => `${reviewPagePath(code)}/rate`;
/** The feedback form (no-JS): POST rating, message, customerContact. */
export const feedbackActionPath = (code: string) => `${reviewPagePath(code)}/feedback`;

/** The page's element ids: the server renders into the root and inlines the data beside it. */
export const REVIEW_ROOT_ID = 'review-root';
export const REVIEW_DATA_ID = 'review-data';
