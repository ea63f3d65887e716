/**
 * Whether the server can be reached, as the app's own calls find it (issue 34's offline state): a
 * call that fails without an answer (no network, the phone between towers) marks it unreachable,
 * and any answer, even an error, marks it reachable again. navigator.onLine alone says only that
 * some network is up, and phones often have one that goes nowhere.
 */

let unreachable = false;
const listeners = new Set<() => void>();

export function reportReachable(reachable: boolean): void {
  if (unreachable === !reachable) return;
  unreachable = !reachable;
  for (const listener of listeners) listener();
}

export const isUnreachable = (): boolean => unreachable;

export function subscribeReachability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A fetch that reports what it finds (an abort is the caller's, not the network's). */
export function reportingFetch(inner?: typeof fetch): typeof fetch {
  return async (input, init) => {
    try {
      const response = await (inner ?? globalThis.fetch)(input, init);
      reportReachable(true);
      return response;
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) reportReachable(false);
      throw error;
    }
  };
}
