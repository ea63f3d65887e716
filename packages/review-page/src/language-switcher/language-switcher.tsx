import {
  LANG_PARAM,
  LANG_STORAGE_KEY,
  LANGUAGE_META,
  REVIEW_LANGUAGES,
  type TReviewLanguage,
} from '../languages.ts';
import { PAGE_PARAMS, reviewPagePath } from '../paths.ts';

/** Remembers the customer's choice on this device; the page applies it on the next visit. */
export function rememberLanguage(lang: TReviewLanguage): void {
  try {
    window.localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Storage blocked: the choice holds for this page only (it is in the URL).
  }
}

/** The page in another language: same business and placement, `?lang=`. */
export function languageHref(
  code: string | null | undefined,
  lang: TReviewLanguage,
  placement: string | null,
) {
  const query = new URLSearchParams({ [LANG_PARAM]: lang });
  if (placement) query.set(PAGE_PARAMS.placement, placement);
  return `${reviewPagePath(code)}?${query.toString()}`;
}

/**
 * Plain links, each language named in its own script, folded in a <details>: they work without
 * the script (the server renders `?lang=`), and with it a tap also remembers the choice on this
 * device. Folded, the seven other scripts are not laid out for the first paint (finding fonts for
 * them is slow on a cold phone), and the page stays one question.
 */
export function LanguageSwitcher({
  current,
  code,
  placement,
  label,
}: {
  current: TReviewLanguage;
  code: string | null | undefined;
  placement: string | null;
  label: string;
}) {
  return (
    <nav className="rv-langs" aria-label={label}>
      <details>
        <summary>
          <svg className="rv-globe" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9" />
            <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9M12 3c-2.5 2.6-3.8 5.6-3.8 9s1.3 6.4 3.8 9" />
          </svg>
          {/* One text node (no <!-- --> in React's markup, which Preact would drop on hydrating). */}
          {`${label}: ${LANGUAGE_META[current].name}`}
        </summary>
        <ul>
          {REVIEW_LANGUAGES.map((lang) => (
            <li key={lang}>
              <a
                href={languageHref(code, lang, placement)}
                lang={LANGUAGE_META[lang].tag}
                hrefLang={LANGUAGE_META[lang].tag}
                aria-current={lang === current ? 'true' : undefined}
                onClick={() => rememberLanguage(lang)}
              >
                {LANGUAGE_META[lang].name}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}
