import { describe, expect, it } from 'vitest';
import { LINK_REMOVED, redactLinks } from './redact-links.ts';

describe('redactLinks', () => {
  it('removes every token-bearing link and keeps the rest of the mail', () => {
    const text = [
      'Reset: https://app.starloop.test/reset-password#token=abc%2Fdef-123',
      'Set: https://app.starloop.test/set-password?x=1&token=Zz_9',
      'Stop: https://app.starloop.test/api/unsubscribe?token=aaaa.bbbb',
      'Dashboard: https://app.starloop.test/dashboard',
    ].join('\n');
    expect(redactLinks(text)).toBe(
      [
        `Reset: ${LINK_REMOVED}`,
        `Set: ${LINK_REMOVED}`,
        `Stop: ${LINK_REMOVED}`,
        'Dashboard: https://app.starloop.test/dashboard',
      ].join('\n'),
    );
  });

  it('works inside HTML attributes and leaves token-free text alone', () => {
    expect(redactLinks('<a href="https://x.test/reset-password#token=t0k3n">reset</a>')).toBe(
      `<a href="${LINK_REMOVED}">reset</a>`,
    );
    expect(redactLinks('No links here, token=abc is not a URL.')).toBe(
      'No links here, token=abc is not a URL.',
    );
  });
});
