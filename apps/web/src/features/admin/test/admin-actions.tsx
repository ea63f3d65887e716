import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { trpcError } from '../../../test/fake-trpc.ts';
import { page, type renderAdmin } from './admin-test-utils.tsx';

/* What the admin screens' tests do again and again: fail a list load, open a row's dialog. */

/** A procedure that fails with `message` (a 500) until `recover()`, then answers `ok()`. */
export function failingUntilRecovered<T>(message: string, ok: () => T) {
  let fail = true;
  return {
    handler: () => {
      if (fail) throw trpcError('INTERNAL_SERVER_ERROR', message);
      return ok();
    },
    recover: () => {
      fail = false;
    },
  };
}

/**
 * A list that failed to load: its error box says `texts`; after `recover()` the box's `retry`
 * button loads the list again and `shows` appears.
 */
export async function expectLoadFailureThenRetry(
  app: Awaited<ReturnType<typeof renderAdmin>>,
  options: { texts: string[]; retry: string; recover: () => void; shows: string; whileFailing?: () => void },
) {
  const alert = await page().findByRole('alert');
  for (const text of options.texts) expect(alert).toHaveTextContent(text);
  options.whileFailing?.();
  options.recover();
  await app.user.click(within(alert).getByRole('button', { name: options.retry }));
  expect(await page().findByText(options.shows)).toBeInTheDocument();
}

/** Clicks a row's action (e.g. 'Edit user Asha Rao') and returns the dialog it opens. */
export async function openDialog(
  app: Awaited<ReturnType<typeof renderAdmin>>,
  action: string,
  dialog: string,
) {
  await app.user.click(await page().findByRole('button', { name: action }));
  return screen.findByRole('dialog', { name: dialog });
}
