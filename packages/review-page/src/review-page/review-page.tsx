import { isLowRating, POSITIVE_RATING_MIN } from '@starloop/contract/rules';
import { type FormEvent, type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { LanguageSwitcher } from '../language-switcher/language-switcher.tsx';
import { DEFAULT_REVIEW_LANGUAGE, type TReviewLanguage } from '../languages.ts';
import { fill, plural } from '../messages/format.ts';
import type { TReviewMessages } from '../messages/types.ts';
import {
  BRAND,
  feedbackActionPath,
  MY_DATA_PATH,
  PAGE_PARAMS,
  rateActionPath,
  reviewPagePath,
} from '../paths.ts';
import { fallbackReviewUrl, getDeviceId, submitReview } from '../review-api.ts';
import { loadReviewInfo, ReviewApiError, type TReviewInfo } from '../review-info.ts';

/** Spec section 9: 4 or more counts as positive (the contract's rule, `@starloop/contract/rules`). */
export const POSITIVE_MIN = POSITIVE_RATING_MIN;
export const FEEDBACK_MAX = 500;
/** Spec section 9: star-to-link delay, rating reset after the link, thank-you display. */
export const REVIEW_TIMINGS = { starToLink: 300, resetAfterLink: 500, thankYou: 3000 } as const;
const STARS = [1, 2, 3, 4, 5] as const;
/**
 * Fixed element ids (one form per page), not `useId`: React renders the page on the server and
 * Preact hydrates it (src/review-entry.tsx), and the two would number `useId` differently.
 */
const IDS = {
  question: 'rv-question',
  message: 'rv-message',
  counter: 'rv-counter',
  contact: 'rv-contact',
  phone: 'rv-phone',
  email: 'rv-email',
  consent: 'rv-consent',
  cancelForm: 'rv-cancel',
} as const;

/** A page the server has already decided: the business (with what the customer did without a script), or why not. */
export type TReviewPageInitial =
  | {
      status: 'ready';
      info: TReviewInfo;
      /** A rating chosen through the no-JS form (1-3, or any in the open flow). */
      rating?: number;
      /** The no-JS feedback form was just received. */
      thanks?: boolean;
      /** A no-JS feedback form the server refused: the customer's text and the reason. */
      draft?: { message: string; phone: string; email: string; consent: boolean; error: string };
    }
  | { status: 'failed'; detail: string }
  /** The business closed its account (issue 35): a polite page, not an error. */
  | { status: 'closed' };

export interface TReviewPageProps {
  /** The business code from the URL; undefined or null on /review without one. */
  code: string | null | undefined;
  lang?: TReviewLanguage;
  /** The page's language's catalog (the server inlines it; no catalog is bundled with the page). */
  messages: TReviewMessages;
  /** `?p=`: passed on with every review and every no-JS form. */
  placement?: string | null;
  /** Server-rendered (and hydrated) pages start here; without it the page loads the business itself. */
  initial?: TReviewPageInitial;
}

interface TPageContext {
  code: string;
  lang: TReviewLanguage;
  t: TReviewMessages;
  placement: string | null;
}

/**
 * The customer review page. It must stay free of Mantine and of other heavy libraries: it is the
 * one screen customers see, on phones and slow networks. The server renders it (react-dom/server)
 * and a small entry hydrates the same markup; until then every star and form works as plain HTML.
 */
export function ReviewPage({
  code,
  lang = DEFAULT_REVIEW_LANGUAGE,
  messages,
  placement = null,
  initial,
}: TReviewPageProps) {
  return (
    <main className="rv-page">
      <div className="rv-card">
        {code ? (
          <ReviewLoader key={code} context={{ code, lang, t: messages, placement }} initial={initial} />
        ) : (
          <p className="rv-error" role="alert">
            {messages.noCode}
          </p>
        )}
      </div>
      <p className="rv-powered">{fill(messages.poweredBy, { brand: BRAND })}</p>
      <p className="rv-powered">
        <a href={MY_DATA_PATH}>{messages.myDataLink}</a>
      </p>
      <LanguageSwitcher current={lang} code={code} placement={placement} label={messages.language} />
    </main>
  );
}

type TLoadState =
  | { status: 'loading' }
  | { status: 'failed'; detail: string }
  | { status: 'closed' }
  | TReadyState;
type TReadyState = Extract<TReviewPageInitial, { status: 'ready' }>;

function ReviewLoader({
  context,
  initial,
}: {
  context: TPageContext;
  initial: TReviewPageInitial | undefined;
}) {
  const { code, t } = context;
  const [state, setState] = useState<TLoadState>(initial ?? { status: 'loading' });
  const serverRendered = initial !== undefined;

  useEffect(() => {
    if (serverRendered) return;
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
  }, [code, serverRendered]);

  if (state.status === 'loading') {
    return (
      <p className="rv-status" role="status">
        {t.loading}
      </p>
    );
  }
  if (state.status === 'closed') {
    return (
      <div role="status" className="rv-closed">
        <p className="rv-status">{t.closedTitle}</p>
        <p className="rv-detail">{t.closedDetail}</p>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div role="alert">
        <p className="rv-error">{t.loadFailed}</p>
        {state.detail ? <p className="rv-detail">{state.detail}</p> : null}
      </div>
    );
  }
  return <ReviewForm context={context} ready={state} />;
}

/** The language and placement every no-JS form carries on. */
function CarriedFields({ lang, placement }: { lang: TReviewLanguage; placement: string | null }) {
  return (
    <>
      <input type="hidden" name="lang" value={lang} />
      {placement ? <input type="hidden" name={PAGE_PARAMS.placement} value={placement} /> : null}
    </>
  );
}

/** The label above a feedback field. */
function FieldLabel({ htmlFor, children }: { htmlFor: string; children: string }) {
  return (
    <label className="rv-label" htmlFor={htmlFor}>
      {children}
    </label>
  );
}

/** Drops a one-time query parameter (the no-JS thank-you) so a reload shows the plain page. */
function dropSearchParam(name: string) {
  try {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(name)) return;
    url.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  } catch {
    // Not worth failing the page for.
  }
}

function ReviewForm({ context, ready }: { context: TPageContext; ready: TReadyState }) {
  const { code, lang, t, placement } = context;
  const { info } = ready;
  const [rating, setRating] = useState(ready.rating ?? 0);
  const [message, setMessage] = useState(ready.draft?.message ?? '');
  const [phone, setPhone] = useState(ready.draft?.phone ?? '');
  const [email, setEmail] = useState(ready.draft?.email ?? '');
  const [consent, setConsent] = useState(ready.draft?.consent ?? false);
  /** Why the server refused a form posted without the script (shown until the next action). */
  const [notice, setNotice] = useState(ready.draft?.error ?? '');
  const [submitting, setSubmitting] = useState(false);
  const [thanks, setThanks] = useState(ready.thanks ?? false);
  const [opening, setOpening] = useState(false);
  /** The review link to show as a plain link when the browser blocked the new tab. */
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  /**
   * False in the server's markup and the first (hydrating) render: nothing is disabled there that
   * only a script could enable again, so the page works before or without its script.
   */
  const [enhanced, setEnhanced] = useState(false);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  /** Open flow: the rating was already recorded by a click on the public link. */
  const recorded = useRef(false);

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

  const thankedByServer = useRef(ready.thanks === true);
  useEffect(() => {
    setEnhanced(true);
    // A thank-you the server showed (the form was posted before the script ran) goes after 3 s too.
    if (!thankedByServer.current) return;
    dropSearchParam(PAGE_PARAMS.thanks);
    later(REVIEW_TIMINGS.thankYou, () => setThanks(false));
  }, [later]);

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
    submitReview({
      code,
      rating: stars,
      message: '',
      deviceId: getDeviceId(),
      ...(placement ? { placement } : {}),
    }).catch(() => {});
  };

  const reset = () => {
    setRating(0);
    setMessage('');
    setPhone('');
    setEmail('');
    setConsent(false);
    setOpening(false);
    setNotice('');
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
    setNotice('');
    setRating(stars);
    recorded.current = false;
    if (openFlow || isLowRating(stars)) return;

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

  // The stars are submit buttons of a no-JS form; with the script, a tap is handled here instead.
  const onStar = (event: MouseEvent, stars: number) => {
    event.preventDefault();
    choose(stars);
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
    setNotice('');
    try {
      const contact = { phone: phone.trim(), email: email.trim() };
      await submitReview({
        code,
        rating,
        message: text,
        ...(contact.phone || contact.email || consent ? { contact: { ...contact, consent } } : {}),
        language: lang,
        deviceId: getDeviceId(),
        ...(placement ? { placement } : {}),
      });
      setSubmitting(false);
      reset();
      setThanks(true);
      later(REVIEW_TIMINGS.thankYou, () => setThanks(false));
    } catch (error) {
      setSubmitting(false);
      window.alert(fill(t.submitFailed, { message: error instanceof Error ? error.message : String(error) }));
    }
  };

  const showForm = rating > 0 && !thanks && (openFlow || isLowRating(rating));
  const { question: questionId, counter: counterId, cancelForm: cancelFormId } = IDS;

  return (
    <>
      <h1 className="rv-business">{info.businessName}</h1>
      <h2 className="rv-question" id={questionId}>
        {t.question}
      </h2>
      <form className="rv-rate" method="post" action={rateActionPath(code)}>
        <CarriedFields lang={lang} placement={placement} />
        <fieldset className="rv-stars" aria-labelledby={questionId}>
          {STARS.map((n) => (
            <button
              key={n}
              type="submit"
              name="stars"
              value={n}
              className="rv-star"
              aria-label={plural(lang, t.starLabel, n)}
              aria-pressed={rating === n}
              data-filled={n <= rating ? '' : undefined}
              disabled={submitting}
              onClick={(event) => onStar(event, n)}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M12 2.6l2.9 5.9 6.5.9-4.7 4.6 1.1 6.5L12 17.4l-5.8 3.1 1.1-6.5L2.6 9.4l6.5-.9z" />
              </svg>
            </button>
          ))}
        </fieldset>
      </form>
      <p className="rv-word" aria-live="polite">
        {rating ? t.ratingWords[rating - 1] : ''}
      </p>

      {opening ? <p className="rv-hint">{t.opening}</p> : null}
      {blockedUrl ? (
        <a className="rv-primary" href={blockedUrl} target="_blank" rel="noopener noreferrer">
          {t.openLink}
        </a>
      ) : null}

      {showForm ? (
        <div className="rv-panel">
          {openFlow ? (
            <>
              <p className="rv-intro">{t.openIntro}</p>
              <a
                className="rv-primary"
                href={publicUrl}
                target="_blank"
                rel="noopener noreferrer"
                onClick={onPublicLink}
              >
                {t.publicReview}
              </a>
            </>
          ) : (
            <p className="rv-intro">{t.lowIntro}</p>
          )}
          {notice ? (
            <p className="rv-error" role="alert">
              {fill(t.submitFailed, { message: notice })}
            </p>
          ) : null}
          <form className="rv-form" method="post" action={feedbackActionPath(code)} onSubmit={onSubmit}>
            <CarriedFields lang={lang} placement={placement} />
            <input type="hidden" name="rating" value={rating} />
            <FieldLabel htmlFor={IDS.message}>{t.feedbackLabel}</FieldLabel>
            <textarea
              id={IDS.message}
              name="message"
              className="rv-textarea"
              rows={4}
              required
              maxLength={FEEDBACK_MAX}
              value={message}
              placeholder={t.feedbackPlaceholder}
              aria-describedby={counterId}
              disabled={submitting}
              onChange={(event) => setMessage(event.target.value.slice(0, FEEDBACK_MAX))}
            />
            <p className="rv-counter" id={counterId}>
              {/* One text node: React's server markup then needs no <!-- --> between the parts. */}
              {`${message.length}/${FEEDBACK_MAX}`}
            </p>
            {/* Optional (issue 33): how the business may reach the customer, only with the consent line ticked. */}
            <fieldset className="rv-contact" id={IDS.contact}>
              <legend className="rv-label">{t.contactQuestion}</legend>
              <FieldLabel htmlFor={IDS.phone}>{t.contactPhone}</FieldLabel>
              <input
                id={IDS.phone}
                name="contactPhone"
                className="rv-input"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={20}
                value={phone}
                disabled={submitting}
                onChange={(event) => setPhone(event.target.value)}
              />
              <FieldLabel htmlFor={IDS.email}>{t.contactEmail}</FieldLabel>
              <input
                id={IDS.email}
                name="contactEmail"
                className="rv-input"
                type="email"
                inputMode="email"
                autoComplete="email"
                maxLength={200}
                value={email}
                disabled={submitting}
                onChange={(event) => setEmail(event.target.value)}
              />
              <label className="rv-consent" htmlFor={IDS.consent}>
                <input
                  id={IDS.consent}
                  name="contactConsent"
                  type="checkbox"
                  value="yes"
                  checked={consent}
                  disabled={submitting}
                  onChange={(event) => setConsent(event.target.checked)}
                />
                <span>{fill(t.contactConsent, { business: info.businessName })}</span>
              </label>
              <p className="rv-notice">
                {/* One text node: React's server markup would put a separator comment between two. */}
                {`${fill(t.contactNotice, { business: info.businessName, brand: BRAND })} `}
                <a href={MY_DATA_PATH}>{t.myDataLink}</a>
              </p>
            </fieldset>
            <div className="rv-actions">
              {/* Without the script, Cancel submits the empty form below: the page again, no rating. */}
              <button
                type="submit"
                form={cancelFormId}
                className="rv-secondary"
                disabled={submitting}
                onClick={(event) => {
                  event.preventDefault();
                  clearTimers();
                  reset();
                }}
              >
                {t.cancel}
              </button>
              <button
                type="submit"
                className="rv-submit"
                disabled={submitting || (enhanced && message.trim() === '')}
              >
                {submitting ? t.submitting : t.submit}
              </button>
            </div>
          </form>
          <form id={cancelFormId} method="get" action={reviewPagePath(code)} hidden>
            <CarriedFields lang={lang} placement={placement} />
          </form>
        </div>
      ) : null}

      <p className="rv-thanks" role="status">
        {thanks ? t.thanks : ''}
      </p>
    </>
  );
}
