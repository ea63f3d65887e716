import { redirect } from '@tanstack/react-router';
import { hasToken, SIGN_IN_PATHS, type TSessionArea } from './auth.ts';

/**
 * A `beforeLoad` guard: without a stored token for the area, go to its sign-in page. Presence only,
 * as the spec says; the server judges the token itself, and a 401 ends the session.
 */
export function requireSession(area: TSessionArea) {
  return function guard(): void {
    if (!hasToken(area)) {
      throw redirect({ to: SIGN_IN_PATHS[area], replace: true });
    }
  };
}
