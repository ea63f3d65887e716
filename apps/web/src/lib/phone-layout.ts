import { useSyncExternalStore } from 'react';

/** Below Mantine's `sm` breakpoint: a phone. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * The layout a page drawn on the server was drawn in (its guess from the device's cookie or hints,
 * on #root's `data-layout`): what the browser's hydration renders first. Undefined where the page
 * was not drawn on a server.
 */
let drawnPhone: boolean | undefined;

/**
 * main.tsx sets it before hydrating a drawn page. Every part of the page, whenever it hydrates
 * (lazy parts later than the rest), then renders first as drawn, and the real layout follows as an
 * ordinary update: a wrong guess (a desktop browser in a narrow window, say) is not a mismatch
 * that would throw the drawn page away.
 */
export function hydrateInLayout(layout: string | undefined): void {
  drawnPhone = layout === 'phone' ? true : layout === 'wide' ? false : undefined;
}

const phoneNow = () => window.matchMedia(PHONE_QUERY).matches;

function onLayoutChange(changed: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/**
 * True on a phone-sized screen. While hydrating, as the page was drawn (React renders hydration
 * from the server snapshot and re-renders if the browser's differs); on the server that draws it,
 * as its window is sized.
 */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(onLayoutChange, phoneNow, () => drawnPhone ?? phoneNow());
}
