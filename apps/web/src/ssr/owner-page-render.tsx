/*
 * The owner's dashboard drawn on the server (issue 34 item 7), in the server's worker thread
 * (owner-page-worker.ts): the app's own tree at the page's URL, with the person's answers, as the
 * browser's first render would draw it. The server puts the markup into the page's #root and the
 * answers beside it (dehydrated), so a phone shows the first screen from the HTML alone; main.tsx
 * then seeds the query cache with the answers and draws the app over the markup.
 */
import { type DehydratedState, dehydrate } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import type { Window } from 'happy-dom';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { answersIn } from '../lib/answers-in.ts';
import { reportReachable } from '../lib/connectivity.ts';
import { setReaderTimeZone } from '../lib/format.ts';
import { AppRoot, createApp } from '../router.tsx';

export interface TOwnerPageJob {
  /** The page's path and search: /dashboard, /dashboard?branch=12. */
  url: string;
  /** Drawn for a phone (the layouts ask matchMedia) or a wider screen. */
  phone: boolean;
  /** The time zone the person's browser shows dates in (IANA name), when it said. */
  timeZone?: string | undefined;
  /**
   * What the route guard finds in localStorage (lib/auth.ts). Not the person's token: the server
   * answers the page's requests as the person and keeps the token to itself.
   */
  token: string;
}

export interface TOwnerPage {
  /** The contents of #root. */
  html: string;
  /** The answers the page was drawn with (successful queries only). */
  state: DehydratedState;
  /** The document title the route sets. */
  title: string;
}

export interface TOwnerPageDeps {
  /** Answers the app's tRPC requests (the worker sends them to the server's main thread). */
  fetch: typeof globalThis.fetch;
  /** The window of the installed browser globals (browser-globals.ts). */
  window: Window;
  /** How long to wait for the answers before giving up on the page. */
  waitMs: number;
}

/** React's mark of a Suspense boundary it could not render on the server (a lazy part not loaded). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * The markup once every lazy part on the page has its code (the branch switcher of a chain): the
 * first render starts loading them, and the next ones draw them. A part left as its fallback would
 * be thrown away and drawn again by the browser; drawn, the browser hydrates it when its code
 * arrives.
 */
async function renderWithLazyParts(tree: ReactNode): Promise<string> {
  let html = renderToString(tree);
  for (let tries = 0; html.includes(CLIENT_RENDERED_BOUNDARY) && tries < 20; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    html = renderToString(tree);
  }
  return html;
}

/** The viewports drawn for: Lighthouse's phone and a laptop. */
const VIEWPORTS = { phone: { width: 412, height: 823 }, wide: { width: 1280, height: 800 } };

/**
 * The page's markup and answers, or undefined when there is nothing to draw for this person: the
 * token was refused (the app signed out and went to /login), an answer is still missing after
 * `waitMs`, or the person reads the area in another language than English (its catalog loads in
 * the browser).
 */
export async function renderOwnerPage(
  job: TOwnerPageJob,
  deps: TOwnerPageDeps,
): Promise<TOwnerPage | undefined> {
  localStorage.clear();
  localStorage.setItem('authToken', job.token);
  deps.window.happyDOM.setViewport(job.phone ? VIEWPORTS.phone : VIEWPORTS.wide);
  setReaderTimeZone(job.timeZone);
  // The worker lives on: an answer that once failed (marked unreachable) says nothing of this page.
  reportReachable(true);
  const app = createApp({ history: createMemoryHistory({ initialEntries: [job.url] }), fetch: deps.fetch });
  try {
    await app.router.load();
    await answersIn(app.queryClient, deps.waitMs);
    const wanted = new URL(job.url, 'http://localhost').pathname;
    if (app.router.state.location.pathname !== wanted) return undefined;
    if (app.queryClient.isFetching() > 0) return undefined;
    const language = app.queryClient.getQueryData<{ language: string }>(
      app.trpc.owner.language.get.queryKey(),
    )?.language;
    if (language !== 'en') return undefined;
    const html = await renderWithLazyParts(
      <StrictMode>
        <AppRoot app={app} />
      </StrictMode>,
    );
    const titles = app.router.state.matches.flatMap((match) =>
      (match.meta ?? []).flatMap((meta) => (meta && 'title' in meta && meta.title ? [meta.title] : [])),
    );
    return { html, state: dehydrate(app.queryClient), title: titles.at(-1) ?? '' };
  } finally {
    app.queryClient.clear();
    localStorage.clear();
    setReaderTimeZone(undefined);
  }
}
