import { Alert } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { isUnreachable, subscribeReachability } from '../../lib/connectivity.ts';

export const OFFLINE_TEXT = {
  title: 'You are offline',
  body: 'StarLoop shows what was loaded before. New reviews, cases and changes will appear when your phone is back online.',
} as const;

/**
 * Whether the app is online: the browser says it has a network (its online and offline events)
 * and the app's last call to the server got an answer (lib/connectivity.ts).
 */
export function useOnline(): boolean {
  // Only a browser that says it is offline is: a page drawn on the server (whose Node navigator
  // has no onLine) is drawn online, as the person's phone then hydrates it.
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine !== false);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    setOnline(navigator.onLine !== false);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  const unreachable = useSyncExternalStore(subscribeReachability, isUnreachable, () => false);
  return online && !unreachable;
}

/** The owner app's offline state (issue 34): a banner on every owner page while the phone is offline. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={OFFLINE_TEXT.title}
      role="status"
      mb="md"
      data-testid="offline-banner"
    >
      {OFFLINE_TEXT.body}
    </Alert>
  );
}
