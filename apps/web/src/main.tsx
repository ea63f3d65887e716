import '@starloop/review-page/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hasToken } from './lib/auth.ts';
import { AppRoot, createApp } from './router.tsx';

const app = createApp();

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
  // The owner area's frame (scripts/owner-html.mjs) stays until the route's code is in: drawn over
  // at once, not cleared to a blank page while the chunks arrive.
  void app.router.load().finally(() => createRoot(container).render(tree));
} else {
  createRoot(container).render(tree);
}
