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
  deviceId: string;
}

/** Where reviews go (POST /api/reviews/). */
export const REVIEW_SUBMIT_URL = '/api/reviews/';

export async function submitReview(submission: TReviewSubmission): Promise<void> {
  const response = await fetch(REVIEW_SUBMIT_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(submission),
    // A 4-5 star rating is recorded while the tab switches to the review site: let it finish.
    keepalive: true,
  });
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
