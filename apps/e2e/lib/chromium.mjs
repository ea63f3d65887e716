// Plain JavaScript so that the browser journeys (TypeScript), their runner and bench/web.mjs
// (plain Node) start the same browser the same way.

/** Debian's chromium; browsers cannot be downloaded on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, and nothing in the background that could reach the network or skew a timing. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
