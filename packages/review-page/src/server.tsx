import { renderToString } from 'react-dom/server';
import { ReviewApp, type TReviewPageData } from './page-data.tsx';

export { CATALOGS } from './messages/all-catalogs.ts';

/** The page's markup (the contents of #review-root), rendered with React on the server. */
export function renderReviewApp(data: TReviewPageData): string {
  return renderToString(<ReviewApp data={data} />);
}

/**
 * The data as the text of a <script type="application/json">: `<` is escaped so no value (a
 * business name, a customer's text) can close the script element, and so are the two line
 * separators JavaScript once treated as line ends.
 */
export function serializePageData(data: TReviewPageData): string {
  return serializeForScript(data);
}

/** Any JSON value as the text of a <script type="application/json"> (see serializePageData). */
export function serializeForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
