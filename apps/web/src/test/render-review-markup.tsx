/*
 * The server's half of the hydration test (src/features/review/review-hydration.test.tsx): the
 * review page rendered exactly as the server renders it, with React (react-dom/server). It runs in
 * a process of its own, because that test runs with React's modules aliased to Preact.
 * Reads a JSON array of page data on stdin, writes a JSON array of { markup, json }.
 */
import { readFileSync } from 'node:fs';
import type { TReviewPageData } from '@starloop/review-page';
import { renderReviewApp, serializePageData } from '@starloop/review-page/server';

const pages = JSON.parse(readFileSync(0, 'utf8')) as TReviewPageData[];
process.stdout.write(
  JSON.stringify(pages.map((data) => ({ markup: renderReviewApp(data), json: serializePageData(data) }))),
);
