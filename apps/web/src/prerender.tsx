/*
 * Build-time rendering of the landing page (scripts/prerender-landing.mjs builds this file for
 * Node and calls it): the app's own tree for `/`, as the browser's first render would draw it for a
 * signed-out visitor, so the page paints from its HTML and main.tsx hydrates it.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { AppRoot, createApp } from './router.tsx';

export interface TPrerendered {
  /** The contents of #root. */
  html: string;
  /** The document title the route sets (its `head`). */
  title: string;
}

export async function prerender(url: string): Promise<TPrerendered> {
  const app = createApp({ history: createMemoryHistory({ initialEntries: [url] }) });
  await app.router.load();
  const html = renderToString(
    <StrictMode>
      <AppRoot app={app} />
    </StrictMode>,
  );
  const titles = app.router.state.matches.flatMap((match) =>
    (match.meta ?? []).flatMap((meta) => (meta && 'title' in meta && meta.title ? [meta.title] : [])),
  );
  return { html, title: titles.at(-1) ?? '' };
}
