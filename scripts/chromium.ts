/**
 * Debian's Chromium, as end-to-end tests, the benchmark and the contact sheet start it. The
 * flags keep it from reaching for the network at start (design/environment.md); as root it
 * needs --no-sandbox. CHROMIUM_PATH points at another build.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a headless, offline Chromium. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;
