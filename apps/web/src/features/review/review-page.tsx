import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { BRAND } from '../../lib/brand.ts';
import { fallbackReviewUrl, getDeviceId, submitReview } from './review-api.ts';
import { loadReviewInfo, ReviewApiError, type TReviewInfo } from './review-info.ts';
import styles from './review-page.module.css';

/** Texts of spec section 2 (/review/{code}) and section 8, verbatim; and the few of our own. */
export const REVIEW_TEXT = {
  loading: 'Loading review form...',
  noCode: 'No business code provided',
  loadFailed: 'Failed to load review information',
  question: 'How was your experience?',
  submit: 'Submit Feedback',
  submitting: 'Submitting...',
  cancel: 'Cancel',
  thanks: 'Thank you! Your feedback has been received',
  submitFailed: (message: string) => `Failed to submit review: ${message}`,
  feedbackLabel: 'Tell us about your experience',
  feedbackPlaceholder: 'What went well, and what could be better?',
  contactLabel: 'Your phone or email (so we can reply)',
  opening: 'Opening the review page...',
  openLink: 'Open the review page',
  publicReview: 'Leave a public review',
  lowIntro: "We're sorry it wasn't great. Your feedback goes straight to the owner.",
  openIntro: 'Share your experience publicly, or send private feedback to the owner.',
  poweredBy: `Powered by ${BRAND}`,
} as const;

/** The rating words of spec section 2, for 1 to 5 stars (contract RATING_WORDS). */
export const RATING_WORDS = ['Poor', 'Fair', 'Good', 'Great', 'Excellent'] as const;
/** Spec section 9: 4 or more counts as positive. */
const POSITIVE_MIN = 4;
export const FEEDBACK_MAX = 500;
/** Spec section 9: star-to-link delay, rating reset after the link, thank-you display. */
export const REVIEW_TIMINGS = { starToLink: 300, resetAfterLink: 500, thankYou: 3000 } as const;
const STARS = [1, 2, 3, 4, 5] as const;

export const starLabel = (n: number) => `Rate ${n} ${n === 1 ? 'star' : 'stars'}`;

export interface TReviewPageProps {
  /** The business code from the URL; undefined on /review/ without one. */
  code: string | undefined;
}

/**
 * The customer review page. It must stay free of Mantine and of other heavy libraries: it is the
 * one screen customers see, on phones and slow networks. `npm run check:bundle` fails the build
 * check if Mantine reaches this page's chunks.
 */
export function ReviewPage({ code }: TReviewPageProps) {
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        {code ? (
          <ReviewLoader key={code} code={code} />
        ) : (
          <p className={styles.error} role="alert">
            {REVIEW_TEXT.noCode}
          </p>
        )}
      </div>
      <p className={styles.powered}>{REVIEW_TEXT.poweredBy}</p>
    </main>
  );
}

type TLoadState =
  | { status: 'loading' }
  | { status: 'failed'; detail: string }
  | { status: 'ready'; info: TReviewInfo };

function ReviewLoader({ code }: { code: string }) {
  const [state, setState] = useState<TLoadState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    loadReviewInfo(code).then(
      (info) => {
        if (live) setState({ status: 'ready', info });
      },
      (error: unknown) => {
        // The server's own reason (unknown business, page not active) goes under the spec's text.
        const detail =
          error instanceof ReviewApiError && !error.message.startsWith('HTTP error!') ? error.message : '';
        if (live) setState({ status: 'failed', detail });
      },
    );
    return () => {
      live = false;
    };
  }, [code]);

  if (state.status === 'loading') {
    return (
      <p className={styles.status} role="status">
        {REVIEW_TEXT.loading}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div role="alert">
        <p className={styles.error}>{REVIEW_TEXT.loadFailed}</p>
        {state.detail ? <p className={styles.detail}>{state.detail}</p> : null}
      </div>
    );
  }
  return <ReviewForm code={code} info={state.info} />;
}

function ReviewForm({ code, info }: { code: string; info: TReviewInfo }) {
  const [rating, setRating] = useState(0);
  const [message, setMessage] = useState('');
  const [contact, setContact] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [thanks, setThanks] = useState(false);
  const [opening, setOpening] = useState(false);
  /** The review link to show as a plain link when the browser blocked the new tab. */
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  /** Open flow: the rating was already recorded by a click on the public link. */
  const recorded = useRef(false);
  const ids = useId();

  const later = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);
  const clearTimers = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current.clear();
  }, []);
  useEffect(() => clearTimers, [clearTimers]);

  /** The new tab waiting for its address (during the 300 ms animation). */
  const pendingRedirect = useRef<(() => void) | null>(null);
  useEffect(() => {
    // Phones often switch to the new tab at once, and timers of a hidden page run late: go now.
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') pendingRedirect.current?.();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      pendingRedirect.current = null;
    };
  }, []);

  const publicUrl = info.reviewLink ?? fallbackReviewUrl(info.businessName);
  const openFlow = info.reviewFlow === 'open';

  /** Fire-and-forget: a rating on its way to the review site is recorded without waiting. */
  const record = (stars: number) => {
    submitReview({ code, rating: stars, message: '', deviceId: getDeviceId() }).catch(() => {});
  };

  const reset = () => {
    setRating(0);
    setMessage('');
    setContact('');
    setOpening(false);
    recorded.current = false;
  };

  const choose = (stars: number) => {
    if (submitting) return;
    // A second tap during the animation: the tab is already open, send it on its way.
    if (pendingRedirect.current) {
      pendingRedirect.current();
      return;
    }
    clearTimers();
    setThanks(false);
    setBlockedUrl(null);
    setOpening(false);
    setRating(stars);
    recorded.current = false;
    if (openFlow || stars < POSITIVE_MIN) return;

    record(stars);
    // Opened now, inside the tap, so pop-up blockers allow it; pointed at the link after the animation.
    const tab = window.open('', '_blank');
    if (tab) {
      try {
        tab.opener = null;
      } catch {
        // Some browsers refuse; the tab only ever shows the review site.
      }
      setOpening(true);
    } else {
      setBlockedUrl(publicUrl);
    }
    const go = () => {
      if (pendingRedirect.current !== go) return;
      pendingRedirect.current = null;
      if (tab && !tab.closed) tab.location.href = publicUrl;
      else setBlockedUrl(publicUrl);
      later(REVIEW_TIMINGS.resetAfterLink, reset);
    };
    pendingRedirect.current = go;
    later(REVIEW_TIMINGS.starToLink, go);
  };

  const onPublicLink = () => {
    if (recorded.current || rating === 0) return;
    recorded.current = true;
    record(rating);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const text = message.trim();
    if (!text || submitting || rating === 0) return;
    setSubmitting(true);
    try {
      const customerContact = contact.trim();
      await submitReview({
        code,
        rating,
        message: text,
        ...(customerContact ? { customerContact } : {}),
        deviceId: getDeviceId(),
      });
      setSubmitting(false);
      reset();
      setThanks(true);
      later(REVIEW_TIMINGS.thankYou, () => setThanks(false));
    } catch (error) {
      setSubmitting(false);
      window.alert(REVIEW_TEXT.submitFailed(error instanceof Error ? error.message : String(error)));
    }
  };

  const showForm = rating > 0 && !thanks && (openFlow || rating < POSITIVE_MIN);
  const counterId = `${ids}-counter`;

  return (
    <>
      <h1 className={styles.business}>{info.businessName}</h1>
      <h2 className={styles.question} id={`${ids}-question`}>
        {REVIEW_TEXT.question}
      </h2>
      <fieldset className={styles.stars} aria-labelledby={`${ids}-question`}>
        {STARS.map((n) => (
          <button
            key={n}
            type="button"
            className={styles.star}
            aria-label={starLabel(n)}
            aria-pressed={rating === n}
            data-filled={n <= rating ? '' : undefined}
            disabled={submitting}
            onClick={() => choose(n)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M12 2.6l2.9 5.9 6.5.9-4.7 4.6 1.1 6.5L12 17.4l-5.8 3.1 1.1-6.5L2.6 9.4l6.5-.9z" />
            </svg>
          </button>
        ))}
      </fieldset>
      <p className={styles.word} aria-live="polite">
        {rating ? RATING_WORDS[rating - 1] : ''}
      </p>

      {opening ? <p className={styles.hint}>{REVIEW_TEXT.opening}</p> : null}
      {blockedUrl ? (
        <a className={styles.primary} href={blockedUrl} target="_blank" rel="noopener noreferrer">
          {REVIEW_TEXT.openLink}
        </a>
      ) : null}

      {showForm ? (
        <div className={styles.panel}>
          {openFlow ? (
            <>
              <p className={styles.intro}>{REVIEW_TEXT.openIntro}</p>
              <a
                className={styles.primary}
                href={publicUrl}
                target="_blank"
                rel="noopener noreferrer"
                onClick={onPublicLink}
              >
                {REVIEW_TEXT.publicReview}
              </a>
            </>
          ) : (
            <p className={styles.intro}>{REVIEW_TEXT.lowIntro}</p>
          )}
          <form className={styles.form} onSubmit={onSubmit}>
            <label className={styles.label} htmlFor={`${ids}-message`}>
              {REVIEW_TEXT.feedbackLabel}
            </label>
            <textarea
              id={`${ids}-message`}
              className={styles.textarea}
              rows={4}
              maxLength={FEEDBACK_MAX}
              value={message}
              placeholder={REVIEW_TEXT.feedbackPlaceholder}
              aria-describedby={counterId}
              disabled={submitting}
              onChange={(event) => setMessage(event.target.value.slice(0, FEEDBACK_MAX))}
            />
            <p className={styles.counter} id={counterId}>
              {message.length}/{FEEDBACK_MAX}
            </p>
            <label className={styles.label} htmlFor={`${ids}-contact`}>
              {REVIEW_TEXT.contactLabel}
            </label>
            <input
              id={`${ids}-contact`}
              className={styles.input}
              type="text"
              inputMode="email"
              autoComplete="email"
              maxLength={200}
              value={contact}
              disabled={submitting}
              onChange={(event) => setContact(event.target.value)}
            />
            <div className={styles.actions}>
              <button
                type="button"
                className={styles.secondary}
                disabled={submitting}
                onClick={() => {
                  clearTimers();
                  reset();
                }}
              >
                {REVIEW_TEXT.cancel}
              </button>
              <button type="submit" className={styles.submit} disabled={submitting || message.trim() === ''}>
                {submitting ? REVIEW_TEXT.submitting : REVIEW_TEXT.submit}
              </button>
            </div>
          </form>
        </div>
      ) : null}

      <p className={styles.thanks} role="status">
        {thanks ? REVIEW_TEXT.thanks : ''}
      </p>
    </>
  );
}
