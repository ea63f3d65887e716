import { createHash } from 'node:crypto';
import {
  BRAND,
  LANG_PARAM,
  LANG_STORAGE_KEY,
  LANGUAGE_META,
  REVIEW_DATA_ID,
  REVIEW_ROOT_ID,
  type TReviewPageData,
} from '@starloop/review-page';
import { renderReviewApp, serializePageData } from '@starloop/review-page/server';
import type { TReviewPageAssets } from './review-page-assets.service.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Runs before the first paint: a customer who picked a language on this phone before (the
 * switcher remembers it) is sent to `?lang=` at once, unless the link already names a language.
 * Fixed text, allowed by its hash in the page's Content-Security-Policy (no 'unsafe-inline').
 */
export const REMEMBERED_LANGUAGE_SCRIPT = `(function(){try{var d=document.documentElement,l=localStorage.getItem(${JSON.stringify(
  LANG_STORAGE_KEY,
)}),u=new URL(location.href);if(l&&/^[a-z]{2}$/.test(l)&&l!==d.getAttribute("data-lang")&&!u.searchParams.has(${JSON.stringify(
  LANG_PARAM,
)})){u.searchParams.set(${JSON.stringify(LANG_PARAM)},l);location.replace(u.href)}}catch(e){}})()`;

/**
 * Loads the hydration entry (and its chunks, in parallel) once the page has painted: the first
 * paint needs nothing but the HTML, and on a slow network the script does not compete with it.
 * The files come from the element's data attributes, so the text (and its CSP hash) is fixed.
 * A hidden tab that never paints loads it after a second instead.
 */
export const HYDRATION_LOADER_SCRIPT =
  '(function(){var c=document.currentScript,d=document,e=c.getAttribute("data-entry"),p=(c.getAttribute("data-preload")||"").split(" "),f=0;function go(){if(f)return;f=1;for(var i=0;i<p.length;i++)if(p[i]){var l=d.createElement("link");l.rel="modulepreload";l.href=p[i];d.head.appendChild(l)}var s=d.createElement("script");s.type="module";s.src=e;d.head.appendChild(s)}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})()';

const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
export const REMEMBERED_LANGUAGE_SCRIPT_HASH = scriptHash(REMEMBERED_LANGUAGE_SCRIPT);
export const HYDRATION_LOADER_SCRIPT_HASH = scriptHash(HYDRATION_LOADER_SCRIPT);

/**
 * The review page's Content-Security-Policy: the app's policy, plus the two inline scripts above
 * (by hash), framing by the app itself (the owner's Settings screen previews the page in an
 * iframe; other sites still may not frame it), and, for the no-JS stars form whose answer
 * redirects to the business's review site, that site's origin as a form target (browsers check
 * form-action on the redirect too).
 */
export function reviewPageCsp(appCsp: string | undefined, reviewSiteOrigin?: string | null): string {
  const directives = new Map<string, string>();
  for (const part of (appCsp ?? "default-src 'self'").split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values.join(' '));
  }
  directives.set('script-src', `'self' ${REMEMBERED_LANGUAGE_SCRIPT_HASH} ${HYDRATION_LOADER_SCRIPT_HASH}`);
  directives.set('frame-ancestors', "'self'");
  if (reviewSiteOrigin && /^https?:\/\/[\w.:[\]-]+$/.test(reviewSiteOrigin)) {
    directives.set('form-action', `'self' ${reviewSiteOrigin}`);
  }
  return [...directives].map(([name, values]) => (values ? `${name} ${values}` : name)).join(';');
}

/**
 * The whole page: React's markup of the finished page (the first paint is the real page), its
 * data for hydration, the CSS inlined (no render-blocking request) and a loader that fetches the
 * hydration entry and its chunks once the page has painted.
 */
export function renderReviewPageDocument(data: TReviewPageData, assets: TReviewPageAssets): string {
  const meta = LANGUAGE_META[data.lang];
  const title = `${data.messages.pageTitle} | ${BRAND}`;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    `<title>${escapeHtml(title)}</title>`,
    '<meta name="theme-color" content="#4338ca">',
    '<meta name="color-scheme" content="light">',
    '<meta name="format-detection" content="telephone=no">',
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg">',
    `<script>${REMEMBERED_LANGUAGE_SCRIPT}</script>`,
    assets.css ? `<style>${assets.css.replace(/<\/style/gi, '<\\/style')}</style>` : '',
  ].join('');
  // The script only takes over a page that is already whole: loaded after the first paint.
  const loader = assets.script
    ? `<script data-entry="${escapeHtml(assets.script)}" data-preload="${escapeHtml(assets.preload.join(' '))}">${HYDRATION_LOADER_SCRIPT}</script>`
    : '';
  return `<!doctype html><html lang="${meta.tag}" dir="${meta.dir}" data-lang="${data.lang}"><head>${head}</head><body><div id="${REVIEW_ROOT_ID}">${renderReviewApp(data)}</div><script type="application/json" id="${REVIEW_DATA_ID}">${serializePageData(data)}</script>${loader}</body></html>`;
}
