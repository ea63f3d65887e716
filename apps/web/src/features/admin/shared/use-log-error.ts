import { useEffect } from 'react';

/** Spec section 8: some list failures are only logged (agents, reviews), once per failure. */
export function useLogError(error: unknown, what: string) {
  useEffect(() => {
    if (error) console.error(what, error);
  }, [error, what]);
}
