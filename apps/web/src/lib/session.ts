import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { clearSession, SIGN_IN_PATHS, setToken, type TSessionArea } from './auth.ts';
import { askForOwnerPageCookie, dropOwnerPageCookie, rememberOwnerTimeZone } from './owner-page-session.ts';

interface TSessionDeps {
  router: AnyRouter;
  queryClient: QueryClient;
}

/**
 * Starts a session after a successful sign-in: stores the token and drops every cached answer,
 * so nothing fetched under a previous identity can show under the new one.
 */
export function startSession(
  area: TSessionArea,
  token: string,
  { queryClient }: Pick<TSessionDeps, 'queryClient'>,
) {
  setToken(area, token);
  if (area === 'owner') {
    // What the server needs to draw the dashboard that comes next.
    askForOwnerPageCookie(token);
    rememberOwnerTimeZone();
  }
  queryClient.clear();
}

/**
 * Ends a session on this browser (logout, or any 401 from the server): forgets the token, goes to
 * the area's sign-in page (unless already there) and drops the cached answers nobody shows anymore.
 */
export async function endSession(area: TSessionArea, { router, queryClient }: TSessionDeps): Promise<void> {
  clearSession(area);
  if (area === 'owner') dropOwnerPageCookie();
  const signIn = SIGN_IN_PATHS[area];
  if (router.latestLocation.pathname !== signIn) {
    await router.navigate({ to: signIn, replace: true });
  }
  queryClient.removeQueries({ type: 'inactive' });
}
