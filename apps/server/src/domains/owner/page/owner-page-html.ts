import { serializeForScript } from '@starloop/review-page/server';
import type { TOwnerPage } from './owner-page-renderer.ts';

/** Where the web build's owner-dashboard.html holds its frame (apps/web/scripts/owner-html.mjs). */
const FRAME_START = '<!--owner-frame-->';
const FRAME_END = '<!--/owner-frame-->';
/** The id main.tsx reads the answers from. */
export const OWNER_PAGE_STATE_ID = 'owner-page-state';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The dashboard page with the person's first screen drawn in: the markup instead of the frame, the
 * answers it was drawn with beside it (a JSON script, which the CSP does not run), the route's
 * title, the stylesheets linked rather than preloaded (the markup needs them for its first
 * paint; the frame did not), and #root marked `data-drawn` (no taps until main.tsx has hydrated it)
 * and `data-layout` (the layout drawn, which main.tsx hydrates in). Undefined when the page has no
 * frame to replace (an older build).
 */
export function withOwnerPage(template: string, page: TOwnerPage, phone: boolean): string | undefined {
  const start = template.indexOf(FRAME_START);
  const end = template.indexOf(FRAME_END);
  if (start < 0 || end < start) return undefined;
  // A route's <title> in the markup belongs to <head>.
  const markup = page.html.replace(/<title>[^<]*<\/title>/g, '');
  const body = `${template.slice(0, start)}${markup}${template.slice(end + FRAME_END.length)}`;
  return body
    .replace(
      '<div id="root" data-shell="owner">',
      `<div id="root" data-shell="owner" data-drawn="" data-layout="${phone ? 'phone' : 'wide'}">`,
    )
    .replace(
      /<link rel="preload" as="style" crossorigin href="([^"]+)">/g,
      '<link rel="stylesheet" crossorigin href="$1">',
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      '</body>',
      `<script type="application/json" id="${OWNER_PAGE_STATE_ID}">${serializeForScript(page.state)}</script></body>`,
    );
}
