/**
 * The owner app as an installable PWA (issue 34): the service worker (public/sw.js, the offline
 * shell and push notifications) is registered by the owner area only, with the scope /dashboard,
 * so the customer review page, the landing page and the back office never load or run it. The
 * manifest is public/manifest.webmanifest, linked from index.html.
 */

export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/dashboard';

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Registers the service worker once per page load (the browser keeps it updated). */
let registering: Promise<ServiceWorkerRegistration | undefined> | undefined;
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!supported() || import.meta.env.DEV || import.meta.env.MODE === 'test')
    return Promise.resolve(undefined);
  registering ??= navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE })
    .catch((error: unknown) => {
      console.warn('service worker not registered:', error);
      return undefined;
    });
  return registering;
}

export type TPushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

/** Whether this browser can get push notifications, and whether the person allowed them. */
export function pushSupport(): TPushSupport {
  if (
    !supported() ||
    typeof window === 'undefined' ||
    !('PushManager' in window) ||
    !('Notification' in window)
  )
    return 'unsupported';
  return Notification.permission as TPushSupport;
}

/** The applicationServerKey (URL-safe base64) as the bytes PushManager wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function readyRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!supported()) return undefined;
  return (
    (await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE)) ?? (await registerServiceWorker())
  );
}

/** This browser's push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await readyRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks the person for permission and subscribes this browser with the server's key; answers the
 * subscription as the server takes it, or why not.
 */
export async function subscribeThisBrowser(
  publicKey: string,
): Promise<
  { ok: true; subscription: PushSubscriptionJSON } | { ok: false; reason: 'denied' | 'unsupported' }
> {
  if (pushSupport() === 'unsupported') return { ok: false, reason: 'unsupported' };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { ok: false, reason: 'denied' };
  const registration = await readyRegistration();
  if (!registration) return { ok: false, reason: 'unsupported' };
  await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  return { ok: true, subscription: subscription.toJSON() };
}
