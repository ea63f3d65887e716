import { Notifications } from '@mantine/notifications';
import { DEFAULT_TOAST_MS } from '../notify.ts';

/** The toasts' container: a module of its own, so that mantine-app.tsx can load it lazily. */
export function Toasts() {
  return <Notifications position="top-right" autoClose={DEFAULT_TOAST_MS} />;
}
