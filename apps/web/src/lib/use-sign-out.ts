import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { TSessionArea } from './auth.ts';
import { endSession } from './session.ts';

/** How long sign-out waits for the server to revoke the token before leaving anyway. */
const REVOKE_TIMEOUT_MS = 4000;

/**
 * Logout: asks the server to revoke the token (`revoke`, e.g. the logout mutation; a failure or a
 * slow answer is ignored), then forgets the token and goes to the area's sign-in page.
 * The token is only removed after the call, because the call itself needs it.
 */
export function useSignOut(area: TSessionArea, revoke: () => Promise<unknown>) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        revoke(),
        new Promise((resolve) => {
          timer = setTimeout(resolve, REVOKE_TIMEOUT_MS);
        }),
      ]);
    } catch {
      // Signing out on this browser must never fail because the server did.
    } finally {
      clearTimeout(timer);
    }
    await endSession(area, { router, queryClient });
  }, [area, revoke, router, queryClient]);

  return { signOut, signingOut };
}
