// StarLoop's service worker (issue 34): the owner app's offline shell and its push notifications.
// Registered by the owner area only (apps/web/src/lib/pwa.ts) with the scope /dashboard, so the
// customer review page, the landing page and the back office never run through it. Plain
// JavaScript served as it is from public/ (no build step): keep it small.
//
// - Pages: network first; offline, the cached app shell (the app then shows its offline state).
//   Pages sent `no-store` (the dashboard drawn for the person) are never cached.
// - /assets/*: hashed and immutable, so cache first; each one is cached as the app loads it.
// - API calls (/trpc, /api): never cached, never answered from a cache.
// - Push: shows the notification the server sent (title, body, tag; the page to open on tap).

const VERSION = 'v1';
const SHELL_CACHE = `starloop-shell-${VERSION}`;
const ASSET_CACHE = `starloop-assets-${VERSION}`;
const SHELL_URL = '/dashboard';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      // Without cookies: the shell is the page as anyone gets it, never one drawn for a person.
      .then((cache) => cache.add(new Request(SHELL_URL, { cache: 'reload', credentials: 'omit' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('starloop-') && key !== SHELL_CACHE && key !== ASSET_CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function page(request) {
  try {
    const response = await fetch(request);
    // Every page of the app is the same shell: keep the newest (it names the current assets).
    // A page drawn for the person (the dashboard's first screen, `no-store`) is never kept.
    const personal = /no-store/.test(response.headers.get('cache-control') ?? '');
    if (response.ok && !personal && response.headers.get('content-type')?.includes('text/html')) {
      const copy = response.clone();
      caches.open(SHELL_CACHE).then((cache) => cache.put(SHELL_URL, copy));
    }
    return response;
  } catch (error) {
    const shell = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function asset(request) {
  const cached = await caches.match(request, { cacheName: ASSET_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(ASSET_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'StarLoop';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.tag || 'starloop',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/dashboard' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/dashboard', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).pathname.startsWith('/dashboard'));
      if (open)
        return open
          .navigate(target)
          .catch(() => null)
          .then((w) => (w ?? open).focus());
      return self.clients.openWindow(target);
    }),
  );
});
