/**
 * The QR code of an owner's review page, made in the browser. The `qrcode` package is loaded only
 * here, on demand (dynamic import), so no other screen pays for it.
 */

import { PLACEMENT_PARAM } from '@starloop/contract';

const fileSafe = (text: string) => text.replace(/[^a-zA-Z0-9]/g, '_').toLowerCase();

/**
 * Spec section 2: business name with non-alphanumerics replaced by underscores, lower-cased, plus
 * '-qr-code.png'. A placement's QR code adds its name the same way ('chai_point-table_4-qr-code.png'),
 * so several downloads do not overwrite each other.
 */
export function qrFileName(businessName: string, placementName?: string | null): string {
  const placement = placementName ? `-${fileSafe(placementName)}` : '';
  return `${fileSafe(businessName)}${placement}-qr-code.png`;
}

/**
 * `{appUrl}/review/{code}`, plus `?p={key}` for a placement (Default has none, so QR codes printed
 * before placements existed keep working); appUrl without trailing slashes, the window's origin
 * when unknown.
 */
export function reviewPageUrl(
  appUrl: string | null | undefined,
  code: string,
  placementKey?: string | null,
): string {
  const base = (appUrl?.trim() || window.location.origin).replace(/\/+$/, '');
  const placement = placementKey ? `?${PLACEMENT_PARAM}=${encodeURIComponent(placementKey)}` : '';
  return `${base}/review/${encodeURIComponent(code)}${placement}`;
}

/** Pixels of the generated PNG: sharp on the printed A5 card and in the download, shown at 256x256. */
export const QR_PIXELS = 1024;

type TQrModule = typeof import('qrcode');

async function loadQrCode(): Promise<TQrModule> {
  const mod = (await import('qrcode')) as TQrModule & { default?: TQrModule };
  // A CommonJS package: the functions sit on `default` in some bundlers and at the top in others.
  return mod.default && typeof mod.default.toDataURL === 'function' ? mod.default : mod;
}

/** A PNG data URL of the QR code for `text`. */
export async function qrDataUrl(text: string): Promise<string> {
  const qrcode = await loadQrCode();
  return qrcode.toDataURL(text, {
    type: 'image/png',
    width: QR_PIXELS,
    margin: 2,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
}
