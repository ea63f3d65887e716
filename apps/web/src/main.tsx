import '@starloop/review-page/base.css';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hasToken } from './lib/auth.ts';
import { AppRoot, createApp } from './router.tsx';

const app = createApp();

/** How long the owner area's frame waits for the first screen's answers before drawing skeletons. */
const FIRST_SCREEN_WAIT_MS = 3000;

/** Resolves once no query is fetching, or after `ms`. */
function answersIn(queryClient: QueryClient, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
    if (queryClient.isFetching() === 0) done();
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const tree = (
  <StrictMode>
    <AppRoot app={app} />
  </StrictMode>
);

/*
 * The landing page comes rendered at build time (scripts/prerender-landing.mjs: #root carries the
 * path it was rendered for) as a signed-out visitor sees it. It is hydrated once the route's code
 * is loaded (the first render must match the markup), as a transition so React yields to the
 * browser between pieces of work instead of holding the main thread in one long task. A signed-in
 * owner's landing page differs (Dashboard, no pricing): it is drawn afresh instead.
 */
const prerenderedPath = container.dataset.prerendered;
if (prerenderedPath === window.location.pathname && !hasToken('owner')) {
  void app.router.load().then(() => {
    startTransition(() => {
      hydrateRoot(container, tree, {
        // A mismatch means the prerendered page and this bundle disagree (a stale build).
        onRecoverableError: (error) => console.error('landing page hydration:', error),
      });
    });
  });
} else if (container.dataset.shell) {
  // The owner area's frame (scripts/owner-html.mjs) stays until the route's code and the first
  // screen's answers (its loaders' requests) are in, or FIRST_SCREEN_WAIT_MS has passed: the page
  // is then drawn once, with its content, instead of as skeletons drawn again a moment later. As a
  // transition, React yields to the browser between pieces of that work (no long task on a phone).
  void app.router
    .load()
    .then(() => answersIn(app.queryClient, FIRST_SCREEN_WAIT_MS))
    .finally(() => startTransition(() => createRoot(container).render(tree)));
} else {
  createRoot(container).render(tree);
}
