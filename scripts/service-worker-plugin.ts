import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";
import type { Plugin } from "vite";

/*
 * The app's service worker and web manifest, built without vite-plugin-pwa: that plugin brought
 * Workbox's build (Babel, Rollup and its plugins: about 260 packages) into every install, and npm's
 * memory during `npm ci` grows with the packages it unpacks (issue 32, item 10). The worker itself is
 * src/web/service-worker/worker.ts; this compiles it with esbuild (already a dependency) and gives
 * it the precache list, each file with a hash of its content.
 */

const WORKER_SOURCE = path.resolve("src/web/service-worker/worker.ts");

export type WebManifest = Record<string, unknown>;

const hash = (content: string | Buffer) =>
  createHash("sha256").update(content).digest("hex").slice(0, 16);

/**
 * Emits manifest.webmanifest (linked from index.html) and, once the build is written, sw.js, which
 * precaches `precached` (files of dist/web, filled by the time the bundle is written).
 */
export function serviceWorker(options: {
  manifest: WebManifest;
  precached: ReadonlySet<string>;
}): Plugin {
  return {
    name: "boundless:service-worker",
    apply: "build",
    transformIndexHtml: () => [
      { tag: "link", attrs: { rel: "manifest", href: "/manifest.webmanifest" }, injectTo: "head" },
    ],
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "manifest.webmanifest",
        source: JSON.stringify(options.manifest),
      });
    },
    // After the files are written (the public folder's too): each one is hashed as it will be served.
    writeBundle(output) {
      const outDir = output.dir ?? path.resolve("dist/web");
      const entries = [...options.precached].sort().map((url) => ({
        url,
        revision: hash(readFileSync(path.join(outDir, url))),
      }));
      const version = hash(JSON.stringify(entries));
      const built = buildSync({
        entryPoints: [WORKER_SOURCE],
        bundle: true,
        format: "iife",
        target: "es2022",
        minify: true,
        write: false,
        define: { PRECACHE: JSON.stringify(entries), PRECACHE_VERSION: JSON.stringify(version) },
      });
      const code = built.outputFiles[0]?.text;
      if (!code) throw new Error("esbuild produced no service worker");
      writeFileSync(path.join(outDir, "sw.js"), code);
    },
  };
}
