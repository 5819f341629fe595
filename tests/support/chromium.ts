/**
 * Debian's Chromium, as the browser suites and Lighthouse launch it: headless, offline (the machines
 * have no network, and without the background-networking flags Chromium keeps retrying), no sandbox
 * because CI runs as root.
 */
export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
