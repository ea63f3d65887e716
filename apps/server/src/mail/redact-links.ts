/** What a one-time link reads as in the outbox once its mail was sent. */
export const LINK_REMOVED = '[link removed after sending]';

/** A URL that carries a token (set-password, reset-password and unsubscribe links). */
const TOKEN_LINK = /https?:\/\/[^\s<>"']*?[?#&]token=[^\s<>"']*/gi;

/**
 * The body as the outbox keeps it after delivery: every token-bearing link replaced, so a sent
 * mail's row (and whoever reads the table or a backup of it) holds no working link.
 */
export function redactLinks(body: string): string {
  return body.replace(TOKEN_LINK, LINK_REMOVED);
}
