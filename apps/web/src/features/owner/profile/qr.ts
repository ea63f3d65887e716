/**
 * The QR code of an owner's review page, made in the browser. The `qrcode` package is loaded only
 * here, on demand (dynamic import), so no other screen pays for it.
 */

/** Spec section 2: business name with non-alphanumerics replaced by underscores, lower-cased, plus '-qr-code.png'. */
export function qrFileName(businessName: string): string {
  return `${businessName.replace(/[^a-zA-Z0-9]/g, '_').toLowerCase()}-qr-code.png`;
}

/** `{appUrl}/review/{code}`; appUrl without trailing slashes, the window's origin when unknown. */
export function reviewPageUrl(appUrl: string | null | undefined, code: string): string {
  const base = (appUrl?.trim() || window.location.origin).replace(/\/+$/, '');
  return `${base}/review/${encodeURIComponent(code)}`;
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
