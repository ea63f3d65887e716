import { notifications } from '@mantine/notifications';

/** The app-wide toast duration (spec section 9); screens pass their own where the spec says so. */
export const DEFAULT_TOAST_MS = 3000;

export interface TNotifyOptions {
  /** Milliseconds before the toast closes; false keeps it open. Default 3000. */
  autoClose?: number | false;
  title?: string;
  /** Reuse an id to replace a toast instead of stacking a second one. */
  id?: string;
}

function show(color: string, message: string, options: TNotifyOptions = {}): string {
  return notifications.show({
    message,
    color,
    autoClose: options.autoClose ?? DEFAULT_TOAST_MS,
    ...(options.title ? { title: options.title } : {}),
    ...(options.id ? { id: options.id } : {}),
  });
}

/**
 * Toasts (top-right, see MantineApp). Only for the Mantine areas: the review page and the 404 page
 * load no Mantine and must not import this.
 */
export const notify = {
  success: (message: string, options?: TNotifyOptions) => show('green', message, options),
  error: (message: string, options?: TNotifyOptions) => show('red', message, options),
  info: (message: string, options?: TNotifyOptions) => show('brand', message, options),
  hide: (id: string) => notifications.hide(id),
};
