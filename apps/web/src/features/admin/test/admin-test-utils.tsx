import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { beforeEach } from 'vitest';
import type { TFakeHandlers, TFakeTrpc } from '../../../test/fake-trpc.ts';
import { renderWithRouter } from '../../../test/render-with-router.tsx';

/**
 * Mantine's toast store lives in the module, so toasts of one test would still be on screen (and
 * fill the 5 visible slots) in the next one: every admin test file starts from an empty store.
 */
export function useCleanToasts() {
  beforeEach(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
}

/** Opens an admin screen signed in, with fake procedures, and waits for its h1. */
export async function renderAdmin(path: string, handlers: TFakeHandlers, heading: string) {
  const app = await renderWithRouter({ path, handlers, adminToken: 'admin-token' });
  await screen.findByRole('heading', { level: 1, name: heading });
  return app;
}

/**
 * Reads the input of the last call to procedure `path` (e.g. the page, search and sort a list asked
 * for): `const lastInput = lastInputOf('admin.users.list')`, then `lastInput(app)`.
 */
export const lastInputOf =
  (path: string) =>
  (app: { server: TFakeTrpc }): unknown =>
    app.server.callsTo(path).at(-1)?.input;

/** The page's own content (toasts live outside it). */
export const page = () => within(screen.getByRole('main'));

/** A list answer's meta for `total` rows. */
export function meta(total: number, page = 1, limit = 10) {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { total, page, limit, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 };
}

/** A handler that never answers (loading states), and its resolver. */
export function pending<T = unknown>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { handler: () => promise, resolve };
}
