import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { REVIEW_LANGUAGES, type TReviewLanguage } from '../languages.ts';
import { CATALOGS } from '../messages/all-catalogs.ts';
import { fill, plural } from '../messages/format.ts';
import type { TReviewMessages } from '../messages/types.ts';
import { BRAND } from '../paths.ts';
import { ReviewPage, type TReviewPageProps } from './review-page.tsx';

const info = { businessName: 'Annapurna', reviewLink: 'https://g.page/r/a', reviewFlow: 'smart' as const };

/** Every page the server can render, in one language. */
function serverStates(lang: TReviewLanguage): TReviewPageProps[] {
  const base = { lang, messages: CATALOGS[lang], placement: null };
  return [
    { ...base, code: undefined },
    { ...base, code: 'annapurna' }, // the browser app's fallback, before its data arrives
    { ...base, code: 'annapurna', initial: { status: 'ready', info } },
    { ...base, code: 'annapurna', initial: { status: 'ready', info, rating: 2 } },
    {
      ...base,
      code: 'annapurna',
      initial: { status: 'ready', info: { ...info, reviewFlow: 'open' }, rating: 5 },
    },
    { ...base, code: 'annapurna', initial: { status: 'ready', info, thanks: true } },
    {
      ...base,
      code: 'annapurna',
      initial: {
        status: 'ready',
        info,
        rating: 1,
        draft: { message: 'x', phone: '', email: '', consent: false, error: 'Too many' },
      },
    },
    { ...base, code: 'annapurna', initial: { status: 'failed', detail: CATALOGS[lang].businessNotFound } },
    { ...base, code: 'annapurna', initial: { status: 'failed', detail: CATALOGS[lang].pageInactive } },
    { ...base, code: 'annapurna', initial: { status: 'closed' } },
  ];
}

/** Texts only the script shows (a tap in progress, a blocked pop-up): covered by the web app's tests. */
const CLIENT_ONLY: (keyof TReviewMessages)[] = ['submitting', 'opening', 'openLink'];

const decode = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('the review page, rendered on the server', () => {
  it.each(REVIEW_LANGUAGES)('renders every text of the %s catalog in some state', (lang) => {
    const t = CATALOGS[lang];
    const html = decode(
      serverStates(lang)
        .map((props) => renderToString(<ReviewPage {...props} />))
        .join('\n'),
    );
    const expected: string[] = [];
    for (const key of Object.keys(t) as (keyof TReviewMessages)[]) {
      if (CLIENT_ONLY.includes(key)) continue;
      if (key === 'pageTitle') continue; // the document's <title>, written by the server
      if (key === 'ratingWords') expected.push(t.ratingWords[1], t.ratingWords[4], t.ratingWords[0]);
      else if (key === 'starLabel') for (const n of [1, 2, 5]) expected.push(plural(lang, t.starLabel, n));
      else if (key === 'poweredBy') expected.push(fill(t.poweredBy, { brand: BRAND }));
      else if (key === 'submitFailed') expected.push(fill(t.submitFailed, { message: 'Too many' }));
      else if (key === 'contactConsent' || key === 'contactNotice')
        expected.push(fill(t[key], { business: info.businessName, brand: BRAND }));
      else expected.push(t[key] as string);
    }
    for (const text of expected) expect(html, `${lang}: ${text}`).toContain(text);
  });

  it('marks the chosen language in the switcher and names every language in its own script', () => {
    const html = renderToString(<ReviewPage code="annapurna" lang="bn" messages={CATALOGS.bn} />);
    expect(html).toContain('aria-current="true">বাংলা</a>');
    for (const name of ['English', 'हिन्दी', 'मराठी', 'தமிழ்', 'తెలుగు', 'ગુજરાતી', 'ಕನ್ನಡ'])
      expect(html).toContain(`>${name}</a>`);
  });
});
