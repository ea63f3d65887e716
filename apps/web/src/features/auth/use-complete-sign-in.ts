import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { HOME_PATHS, setStoredPhone, setUserData } from '../../lib/auth.ts';
import { startSession } from '../../lib/session.ts';

/** What owner.login, public.password.setWithToken and payments.verify return. */
export interface TOwnerSignIn {
  token: string;
  user?: { name?: string; contactNumber?: string } | null;
}

/**
 * Ends an owner sign-in: stores the token (fresh query cache), caches the profile (`userData`,
 * the layout's greeting) and the phone for the next sign-in, then goes to /dashboard.
 */
export function useCompleteOwnerSignIn() {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useCallback(
    async ({ token, user }: TOwnerSignIn) => {
      startSession('owner', token, { queryClient });
      if (user) {
        setUserData(user);
        if (user.contactNumber) setStoredPhone(user.contactNumber);
      }
      await router.navigate({ to: HOME_PATHS.owner, replace: true });
    },
    [router, queryClient],
  );
}
