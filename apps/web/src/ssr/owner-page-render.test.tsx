import { hydrate } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, waitFor } from '@testing-library/react';
import type { Window } from 'happy-dom';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_TEXT } from '../components/offline-banner/offline-banner.tsx';
import { accountAnswer } from '../features/owner/cases/test/case-fixtures.ts';
import { meta, ownerHandlers, review, stats } from '../features/owner/test/owner-test-utils.tsx';
import { setToken } from '../lib/auth.ts';
import { reportReachable } from '../lib/connectivity.ts';
import { hydrateInLayout } from '../lib/phone-layout.ts';
import { AppRoot, createApp } from '../router.tsx';
import { createFakeTrpc, failsWith } from '../test/fake-trpc.ts';
import { renderOwnerPage, type TOwnerPage } from './owner-page-render.tsx';

const handlers = ownerHandlers({
  'owner.dashboard.stats': () => stats(),
  'owner.dashboard.reviews': () => ({ reviews: [review(1, { rating: 2 }), review(2)], meta: meta(2, 1, 5) }),
  'owner.account.get': () => accountAnswer,
  'owner.language.get': () => ({ language: 'en' }),
  'owner.google.status': () => ({ enabled: false }),
  'owner.onboarding.checklist': () => ({
    steps: [
      { key: 'review_link', done: true },
      { key: 'placements', done: false },
    ],
    done: false,
    dismissed: false,
  }),
});

const drawingWindow = window as unknown as Window;
// The drawing sets the window's size: the next tests get happy-dom's own back.
afterEach(() => drawingWindow.happyDOM.setViewport({ width: 1024, height: 768 }));

/** Hydrates the drawn page as main.tsx does: the answers it came with, then `hydrateRoot`. */
async function hydrateInBrowser(page: TOwnerPage | undefined, fetch: typeof globalThis.fetch) {
  const container = document.createElement('div');
  container.innerHTML = page?.html ?? '';
  document.body.append(container);
  setToken('owner', 'owner-token');
  const app = createApp({ history: createMemoryHistory({ initialEntries: ['/dashboard'] }), fetch });
  hydrate(app.queryClient, page?.state ?? {});
  await act(() => app.router.load());
  const mismatches: unknown[] = [];
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <AppRoot app={app} />
      </StrictMode>,
      { onRecoverableError: (error) => mismatches.push(error) },
    );
  });
  return { container, mismatches, root };
}

describe('the owner dashboard drawn on the server', () => {
  it('draws the first screen with its answers, and the browser hydrates it without a mismatch', async () => {
    const server = createFakeTrpc(handlers);
    const page = await renderOwnerPage(
      { url: '/dashboard', phone: true, token: 'page-cookie' },
      { fetch: server.fetch, window: drawingWindow, waitMs: 2000 },
    );
    expect(page?.title).toBe('Dashboard | StarLoop');
    expect(page?.html).toContain('Hi, Asha Rao');
    expect(page?.html).toContain('Needs you now');
    // Every lazy part drawn (this owner's branch switcher): none left for the browser to redo.
    expect(page?.html).not.toContain('<!--$!-->');
    // The answers come with the page: the browser asks for none of them again.
    const asked = server.calls.length;
    const { container, mismatches, root } = await hydrateInBrowser(page, server.fetch);
    expect(mismatches).toEqual([]);
    expect(container.textContent).toContain('Needs you now');
    expect(server.calls.slice(asked).map((call) => call.path)).not.toContain('owner.dashboard.stats');
    act(() => root?.unmount());
  });

  it('hydrates a page drawn for the wrong layout without a mismatch, then shows the right one', async () => {
    // The server guessed wide (a desktop browser's hints, say); the window is a phone's.
    const server = createFakeTrpc(handlers);
    const page = await renderOwnerPage(
      { url: '/dashboard', phone: false, token: 'page-cookie' },
      { fetch: server.fetch, window: drawingWindow, waitMs: 2000 },
    );
    expect(page?.html).not.toContain('data-phone-nav');
    drawingWindow.happyDOM.setViewport({ width: 390, height: 844 });
    hydrateInLayout('wide');
    const { container, mismatches, root } = await hydrateInBrowser(page, server.fetch);
    expect(mismatches).toEqual([]);
    // Hydrated: the phone's own layout follows.
    await waitFor(() => expect(container.querySelector('[data-phone-nav]')).not.toBeNull());
    act(() => root?.unmount());
    hydrateInLayout(undefined);
  });

  it("draws the page online, whatever the drawing's own globals and past requests said", async () => {
    // Node's navigator (the worker's) has no onLine, and an answer that once failed in a long-lived
    // worker marked the server unreachable: neither is the person's phone, which is online.
    const onLine = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => undefined });
    reportReachable(false);
    try {
      const page = await renderOwnerPage(
        { url: '/dashboard', phone: true, token: 'page-cookie' },
        { fetch: createFakeTrpc(handlers).fetch, window: drawingWindow, waitMs: 2000 },
      );
      expect(page?.html).toContain('Needs you now');
      expect(page?.html).not.toContain(OFFLINE_TEXT.title);
    } finally {
      if (onLine) delete (navigator as { onLine?: boolean }).onLine;
      reportReachable(true);
    }
  });

  it('draws nothing for a token the server refuses', async () => {
    const server = createFakeTrpc({
      ...handlers,
      'owner.me': failsWith('UNAUTHORIZED', 'Please sign in again.'),
    });
    const page = await renderOwnerPage(
      { url: '/dashboard', phone: true, token: 'page-cookie' },
      { fetch: server.fetch, window: drawingWindow, waitMs: 2000 },
    );
    expect(page).toBeUndefined();
  });
});
