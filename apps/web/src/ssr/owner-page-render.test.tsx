import { hydrate } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { act } from '@testing-library/react';
import type { Window } from 'happy-dom';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { accountAnswer } from '../features/owner/cases/test/case-fixtures.ts';
import { meta, ownerHandlers, review, stats } from '../features/owner/test/owner-test-utils.tsx';
import { setToken } from '../lib/auth.ts';
import { AppRoot, createApp } from '../router.tsx';
import { createFakeTrpc, failsWith } from '../test/fake-trpc.ts';
import { renderOwnerPage } from './owner-page-render.tsx';

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

    const container = document.createElement('div');
    container.innerHTML = page?.html ?? '';
    document.body.append(container);
    setToken('owner', 'owner-token');
    const app = createApp({
      history: createMemoryHistory({ initialEntries: ['/dashboard'] }),
      fetch: server.fetch,
    });
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
        {
          onRecoverableError: (error) => mismatches.push(error),
        },
      );
    });
    expect(mismatches).toEqual([]);
    expect(container.textContent).toContain('Needs you now');
    expect(server.calls.slice(asked).map((call) => call.path)).not.toContain('owner.dashboard.stats');
    act(() => root?.unmount());
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
