import '@starloop/review-page/base.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hasToken } from './lib/auth.ts';
import { hydrateInLayout } from './lib/phone-layout.ts';
import { AppRoot, createApp } from './router.tsx';

const app = createApp();

/*
 * The dashboard drawn on the server for this person (the server's domains/owner/page) comes with the
 * answers it was drawn with: the cache starts with them, so the route's loaders ask for nothing and
 * the app's first render draws what the page already shows.
 */
const drawnWith = document.getElementById('owner-page-state')?.textContent;
if (drawnWith) {
  try {
    hydrate(app.queryClient, JSON.parse(drawnWith));
  } catch {
    // Unreadable: the loaders ask again.
  }
}

/** Draws nothing; calls `then` once the tree around it is on the page (after hydration). */
function AfterCommit({ then }: { then: () => void }) {
  useEffect(() => then(), [then]);
  return null;
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
} else if (container.dataset.shell && drawnWith) {
  // Drawn on the server with these answers: hydrated, as the landing page is. The first render
  // takes the layout the server drew (its guess from the device's cookie or hints): a wrong guess
  // is then an update after hydration, not a mismatch that would throw the drawn page away
  // (ssr/owner-page-render.test.tsx and e2e 15 keep the dashboard free of mismatches).
  // Taps are taken once the tree is hydrated and the router has settled (a navigation started
  // while its first load still runs could be dropped), or after 3 s whatever happens.
  hydrateInLayout(container.dataset.layout);
  const hydrated = () => {
    const takeTaps = () => container.removeAttribute('data-drawn');
    const settled = () => app.router.state.status === 'idle' && !app.router.state.isLoading;
    if (settled()) return takeTaps();
    const unsubscribe = app.router.subscribe('onResolved', () => {
      unsubscribe();
      takeTaps();
    });
    setTimeout(takeTaps, 3000);
  };
  void app.router.load().then(() => {
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <AppRoot app={app} />
          <AfterCommit then={hydrated} />
        </StrictMode>,
        {
          // A mismatch throws the drawn part away (the browser draws it again): a bug to see.
          onRecoverableError: (error) => console.error('owner page hydration:', error),
        },
      );
    });
  });
} else if (container.dataset.shell) {
  // The owner area's frame (scripts/owner-html.mjs) stays until the route's code is in: drawn over
  // at once, not cleared to a blank page while the chunks arrive.
  void app.router.load().finally(() => createRoot(container).render(tree));
} else {
  createRoot(container).render(tree);
}
