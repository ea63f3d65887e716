import { Window } from 'happy-dom';

/*
 * A browser's globals for rendering the app's own tree in Node (the landing page at build time,
 * scripts/prerender-landing.mjs; the owner's dashboard in the server's worker, owner-page-worker.ts):
 * the router reads and listens to `window`, the session and the language live in localStorage, and
 * the layouts ask matchMedia whether this is a phone. As @happy-dom/global-registrator does: the
 * window's globals Node lacks, plus the browser's own storage (Node 24 has a localStorage of its own
 * that warns when read).
 */
const FORCED = ['window', 'self', 'document', 'history', 'location', 'localStorage', 'sessionStorage'];

export function installBrowserGlobals(url = 'http://localhost/'): Window {
  const browserWindow = new Window({ url });
  const globals = browserWindow as unknown as Record<string, unknown>;
  for (const name of [...FORCED, ...Object.getOwnPropertyNames(browserWindow)]) {
    if (!FORCED.includes(name) && name in globalThis) continue;
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get: () => (name === 'window' || name === 'self' ? browserWindow : globals[name]),
    });
  }
  return browserWindow;
}
