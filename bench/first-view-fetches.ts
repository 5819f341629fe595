import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Request } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "#tests/support/chromium.ts";
import { startServer } from "#tests/support/server-process.ts";
import { kb } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

type Fetch = { url: string; bytes: number; body: number; byWorker: boolean };

/** The most JS and CSS a first visit of `/` may fetch until the network is idle (issue 31, item 15). */
export const UNTIL_IDLE_BUDGET = 115 * 1024;

/**
 * Bytes on the wire for one request: response headers and (encoded, so compressed) body; and the
 * encoded body alone, which is what the JS and CSS figure counts (gzip, as the server sends it).
 */
async function transferred(request: Request): Promise<{ bytes: number; body: number }> {
  const sizes = await request.sizes().catch(() => null);
  if (!sizes) return { bytes: 0, body: 0 };
  return {
    bytes: sizes.responseHeadersSize + sizes.responseBodySize,
    body: sizes.responseBodySize,
  };
}

const isCode = (url: string) => /\.(?:js|css)$/.test(new URL(url).pathname);

/**
 * What a first-time visitor's browser really fetches for `/`: Debian's Chromium opens the page of
 * the production server (`npm start`) and waits for the network to be idle, then a moment more for
 * the service worker's install. The page's own fetches (the first view and what it loads after its
 * first paint) are counted apart from the service worker's precache, which the page registers after
 * load and which downloads the files it lists whether or not this visit needed them.
 *
 * The JS and CSS the page fetched (their encoded bodies) are held to UNTIL_IDLE_BUDGET: that is
 * what a first visit costs, the first paint's files and what follows them (`npm run bench --
 * --check` fails above it).
 */
export async function benchFirstViewFetches(port: number, summary: Summary) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-bench-fetches-"));
  const server = await startServer(
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_ORIGIN: `http://127.0.0.1:${port}`,
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      OVERPASS_URL: "off",
      // No public router is asked from here (issue 46).
      ROUTING_URL: "off",
      TRANSIT_URL: "off",
      LOG_LEVEL: "warn",
    },
    { via: "npm-start", timeoutMs: 300_000 },
  );
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS.filter((f) => f !== "--headless"),
  });
  try {
    const context = await browser.newContext();
    const fetches: Fetch[] = [];
    const pending: Promise<void>[] = [];
    // Context-wide: in Chromium the service worker's requests are reported here as well.
    context.on("requestfinished", (request) => {
      pending.push(
        transferred(request).then(({ bytes, body }) => {
          fetches.push({
            url: request.url(),
            bytes,
            body,
            byWorker: request.serviceWorker() !== null,
          });
        }),
      );
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/`, { waitUntil: "networkidle", timeout: 60_000 });
    // The worker installs after load; its precache is done when it is active.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker?.getRegistration();
      const worker = registration?.installing ?? registration?.waiting ?? registration?.active;
      if (!worker || worker.state === "activated") return;
      await new Promise<void>((resolve) => {
        const done = setTimeout(resolve, 30_000);
        worker.addEventListener("statechange", () => {
          if (worker.state === "activated" || worker.state === "redundant") {
            clearTimeout(done);
            resolve();
          }
        });
      });
    });
    await page.waitForLoadState("networkidle");
    await Promise.all(pending);
    const own = fetches.filter((f) => !f.byWorker);
    const worker = fetches.filter((f) => f.byWorker);
    const total = (list: Fetch[]) => list.reduce((s, f) => s + f.bytes, 0);
    const code = own.filter((f) => isCode(f.url));
    const codeBody = code.reduce((s, f) => s + f.body, 0);
    const name = (url: string) => new URL(url).pathname;
    console.log(
      `\n  What Chromium fetched for / until the network was idle (${own.length} requests; ` +
        `on the wire with headers, and the encoded body):`,
    );
    for (const f of own)
      console.log(
        `    ${name(f.url).padEnd(48)} ${kb(f.bytes).padStart(10)} ${kb(f.body).padStart(10)} body`,
      );
    const twice = worker.filter((w) => own.some((o) => o.url === w.url));
    console.log(
      `  The service worker's precache: ${worker.length} requests, ${kb(total(worker))}; ` +
        `${twice.length} of them (${kb(total(twice))}) fetched by the page as well`,
    );
    const largest = [...worker].sort((a, b) => b.bytes - a.bytes).slice(0, 8);
    for (const f of largest)
      console.log(`    ${name(f.url).padEnd(48)} ${kb(f.bytes).padStart(10)}`);
    summary.add({
      part: "front end",
      name: "JS+CSS fetched by / until network idle (Chromium, encoded bodies)",
      measured: `${kb(codeBody)} (${code.length} files)`,
      target: "<= 115 KB",
      pass: codeBody <= UNTIL_IDLE_BUDGET,
    });
    summary.add({
      part: "front end",
      name: "bytes fetched by / until network idle (page, Chromium)",
      measured: `${kb(total(own))} (${own.length} requests)`,
      target: "(information)",
      pass: "info",
    });
    summary.add({
      part: "front end",
      name: "service worker precache on a first visit (Chromium)",
      measured: `${kb(total(worker))} (${worker.length} requests; ${kb(total(twice))} also fetched by the page)`,
      target: "(information)",
      pass: "info",
    });
    return { codeBody, withinBudget: codeBody <= UNTIL_IDLE_BUDGET };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
