/*
 * The review page's data call (GET /api/users/review-link/{code}), with plain fetch: no tRPC, no
 * zod, no contract package. The server-rendered page has its data inlined and never calls it; the
 * browser app's /review route (the fallback) does, and its loader starts it early.
 */

/** The review flows an owner can choose (contract REVIEW_FLOWS); anything else means 'smart'. */
export type TReviewFlow = 'smart' | 'open';

export interface TReviewInfo {
  businessName: string;
  /** The business's public review URL, or null when the owner has none. */
  reviewLink: string | null;
  reviewFlow: TReviewFlow;
}

/** Where the page's data comes from (GET /api/users/review-link/{code}). */
export const reviewInfoUrl = (code: string) => `/api/users/review-link/${encodeURIComponent(code)}`;

/** A failed call: the server's message when it sent one, else the spec's "HTTP error! status: {code}". */
export class ReviewApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ReviewApiError';
  }
}

export async function failure(response: Response): Promise<ReviewApiError> {
  let message = `HTTP error! status: ${response.status}`;
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) message = body.message;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return new ReviewApiError(message, response.status);
}

export async function fetchReviewInfo(code: string): Promise<TReviewInfo> {
  const response = await fetch(reviewInfoUrl(code), { headers: { accept: 'application/json' } });
  if (!response.ok) throw await failure(response);
  const body = (await response.json()) as Partial<Record<keyof TReviewInfo, unknown>>;
  return {
    businessName: typeof body.businessName === 'string' ? body.businessName : '',
    reviewLink: typeof body.reviewLink === 'string' && body.reviewLink ? body.reviewLink : null,
    reviewFlow: body.reviewFlow === 'open' ? 'open' : 'smart',
  };
}

/*
 * The route's loader starts the request while the page's own code is still downloading; the page
 * then takes that request instead of starting a second one (one round trip saved on slow networks).
 */
const prefetched = new Map<string, Promise<TReviewInfo>>();

export function prefetchReviewInfo(code: string): void {
  if (prefetched.has(code)) return;
  const request = fetchReviewInfo(code);
  // Whoever takes it handles the failure; this only keeps an untaken one from being "unhandled".
  request.catch(() => {});
  prefetched.set(code, request);
}

/** The prefetched request for this code if there is one (taken once), else a new request. */
export function loadReviewInfo(code: string): Promise<TReviewInfo> {
  const request = prefetched.get(code);
  prefetched.delete(code);
  return request ?? fetchReviewInfo(code);
}
