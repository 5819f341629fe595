import { existsSync, statSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { PageShellName } from "#shared/page-shells.ts";
import type { PublicConfig } from "#shared/schemas/config.ts";

/**
 * The public pages' markup for inside `<div id="root">`, by path (`/`, `/login`, …), and the
 * signed-in page shells' markup for before it, by name (shared/page-shells.ts).
 */
export type PrerenderedPages = {
  pages: ReadonlyMap<string, string>;
  shells: ReadonlyMap<PageShellName, string>;
};

// Runs in a worker: the prerenderer (React's server renderer and the app's components, about 30 MB)
// is loaded, used once and dropped with the worker, so the server keeps only the HTML it produced.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
import(workerData.entry)
  .then(async (prerenderer) => {
    const pages = [];
    for (const path of prerenderer.PRERENDERED_PATHS)
      pages.push([path, await prerenderer.prerenderPage(path, workerData.config)]);
    const shells = prerenderer.prerenderShells ? prerenderer.prerenderShells() : [];
    parentPort.postMessage({ pages, shells });
  })
  .catch((error) => parentPort.postMessage({ error: String((error && error.stack) || error) }));
`;

/**
 * Renders the public pages once with the prerenderer that `npm run build` made (dist/ssr). Null when
 * there is none, or when it is older than the page it would fill (a web build without its
 * prerenderer): server HTML from another build would not match the browser's code.
 */
export async function renderPublicPages(options: {
  entry: string;
  builtPage: string;
  config: PublicConfig;
}): Promise<PrerenderedPages | null> {
  if (!existsSync(options.entry) || !existsSync(options.builtPage)) return null;
  if (statSync(options.entry).mtimeMs < statSync(options.builtPage).mtimeMs) return null;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { entry: pathToFileURL(options.entry).href, config: options.config },
    // React's production server renderer (same markup, less work than its dev build); the worker
    // needs no other setting.
    env: { NODE_ENV: "production" },
  });
  worker.unref();
  try {
    const answer = await new Promise<{
      pages?: [string, string][];
      shells?: [PageShellName, string][];
      error?: string;
    }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`the prerenderer exited (${code})`)));
    });
    if (answer.error !== undefined || !answer.pages) throw new Error(answer.error);
    return { pages: new Map(answer.pages), shells: new Map(answer.shells ?? []) };
  } finally {
    await worker.terminate();
  }
}
