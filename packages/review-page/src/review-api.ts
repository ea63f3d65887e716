/*
 * The review page's submit call (POST /api/reviews/) and its device id, with plain fetch: no tRPC,
 * no zod, no contract package, so the page customers open on a slow phone stays small.
 */
import { failure } from './review-info.ts';

export interface TReviewSubmission {
  code: string;
  rating: number;
  message: string;
  customerContact?: string;
  /** Under the feedback form: phone and/or email, and the consent line's tick. */
  contact?: { phone: string; email: string; consent: boolean };
  /** The page's language: replies to the customer are written in it. */
  language?: string;
  deviceId: string;
  /** The placement key of the QR code or link the customer came through (`?p=`), when there was one. */
  placement?: string;
}

/** Where reviews go (POST /api/reviews/). */
export const REVIEW_SUBMIT_URL = '/api/reviews/';

/** The longest the page waits by itself before its one automatic retry of a refused review. */
export const MAX_RETRY_WAIT_MS = 10_000;

const post = (submission: TReviewSubmission) =>
  fetch(REVIEW_SUBMIT_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(submission),
    // A 4-5 star rating is recorded while the tab switches to the review site: let it finish.
    keepalive: true,
  });

/**
 * Sends a review. When the server is briefly unavailable (503 with Retry-After: nothing was
 * stored), the page waits the given delay and sends the same review once more by itself; if that
 * fails too, the error reaches the form, which keeps the customer's text for another try.
 */
export async function submitReview(
  submission: TReviewSubmission,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  let response = await post(submission);
  if (response.status === 503) {
    const seconds = Number(response.headers.get('retry-after'));
    await wait(Math.min(MAX_RETRY_WAIT_MS, Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 2000));
    response = await post(submission);
  }
  if (!response.ok) throw await failure(response);
}

/** The random id this browser sends with its reviews (rate limiting per device, decisions.md). */
export const DEVICE_ID_KEY = 'starloopDeviceId';

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

let memoryDeviceId: string | undefined;

export function getDeviceId(): string {
  try {
    const stored = window.localStorage.getItem(DEVICE_ID_KEY);
    if (stored) return stored;
    const id = randomId();
    window.localStorage.setItem(DEVICE_ID_KEY, id);
    return id;
  } catch {
    // Storage blocked: one id for as long as the page lives.
    memoryDeviceId ??= randomId();
    return memoryDeviceId;
  }
}

/** Where 4-5 star customers go when the business has no review link: a general search site. */
export function fallbackReviewUrl(businessName: string): string {
  return `https://www.google.com/search?q=${encodeURIComponent(`${businessName} reviews`)}`;
}
