import type { QueryClient } from '@tanstack/react-query';

/** Resolves once no query of the client is fetching, or after `ms`, whichever comes first. */
export function answersIn(queryClient: QueryClient, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
    if (queryClient.isFetching() === 0) done();
  });
}
