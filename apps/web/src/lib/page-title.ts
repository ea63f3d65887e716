import { BRAND } from './brand.ts';

/** The document title of a screen: "Users Management | StarLoop". */
export function pageTitle(screen?: string): string {
  return screen ? `${screen} | ${BRAND}` : BRAND;
}

/** A route's `head` option that only sets the document title. */
export function titleHead(screen?: string) {
  return () => ({ meta: [{ title: pageTitle(screen) }] });
}
