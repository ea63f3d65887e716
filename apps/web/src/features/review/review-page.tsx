import '@starloop/review-page/review-page.css';
import {
  englishMessages,
  isReviewLanguage,
  LANG_PARAM,
  LANG_STORAGE_KEY,
  LANGUAGE_META,
  loadCatalog,
  PAGE_PARAMS,
  ReviewPage as SharedReviewPage,
  type TReviewLanguage,
  type TReviewMessages,
} from '@starloop/review-page';
import { useEffect, useState } from 'react';

export interface TReviewPageProps {
  /** The business code from the URL; undefined on /review/ without one. */
  code: string | undefined;
}

function searchParam(name: string): string | null {
  return new URLSearchParams(window.location.search).get(name);
}

/** `?lang=`, else the choice remembered on this device, else English (no owner default here). */
function browserLanguage(): TReviewLanguage {
  const query = searchParam(LANG_PARAM);
  if (isReviewLanguage(query)) return query;
  try {
    const remembered = window.localStorage.getItem(LANG_STORAGE_KEY);
    if (isReviewLanguage(remembered)) return remembered;
  } catch {
    // Storage blocked.
  }
  return 'en';
}

/**
 * The review page inside the web app: the fallback for the Vite dev server and for in-app
 * navigation. A full page load of /review/{code} never gets here: the server renders the page
 * (packages/review-page) and a small entry (src/review-entry.tsx) hydrates it. Here the same
 * component loads the business itself ('Loading review form...') and its language's catalog.
 */
export function ReviewPage({ code }: TReviewPageProps) {
  const [lang] = useState(browserLanguage);
  const [placement] = useState(() => searchParam(PAGE_PARAMS.placement)?.slice(0, 64) || null);
  const [messages, setMessages] = useState<TReviewMessages | null>(lang === 'en' ? englishMessages : null);

  useEffect(() => {
    if (lang === 'en') return;
    let live = true;
    loadCatalog(lang).then(
      (catalog) => live && setMessages(catalog),
      () => live && setMessages(englishMessages),
    );
    document.documentElement.lang = LANGUAGE_META[lang].tag;
    return () => {
      live = false;
      document.documentElement.lang = LANGUAGE_META.en.tag;
    };
  }, [lang]);

  if (!messages) return null;
  return (
    <SharedReviewPage
      code={code}
      lang={messages === englishMessages ? 'en' : lang}
      messages={messages}
      placement={placement}
    />
  );
}
