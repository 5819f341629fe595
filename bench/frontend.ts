import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { kb } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

export const WEB_DIST = path.resolve("dist/web");
export const FIRST_VIEW_BUDGET_GZIP = 110 * 1024;

type Asset = { file: string; raw: number; gzip: number; why: string };

const STATIC_IMPORT =
  /(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
const ROUTE_CHUNK = /^home-[\w-]+\.js$/;

function sizes(file: string) {
  const content = readFileSync(file);
  return { raw: content.length, gzip: gzipSync(content).length };
}

/**
 * The JavaScript and CSS a browser must fetch to show `/`: what index.html references, every static
 * import reachable from the entry (the chunk graph of the build), and the lazily loaded route chunk
 * of `/` (src/web/app/routes/home.tsx → assets/home-<hash>.js) with its own static imports and CSS.
 */
export function firstViewAssets(dist = WEB_DIST, extraRoots: RegExp[] = []): Asset[] {
  const html = readFileSync(path.join(dist, "index.html"), "utf8");
  const assets = new Map<string, Asset>();
  const add = (relative: string, why: string) => {
    const file = path.join(dist, relative.replace(/^\//, ""));
    if (assets.has(file) || !existsSync(file)) return false;
    assets.set(file, { file: path.relative(dist, file), ...sizes(file), why });
    return true;
  };
  const walk = (file: string, why: string) => {
    if (!add(path.relative(dist, file), why)) return;
    const code = readFileSync(file, "utf8");
    for (const match of code.matchAll(STATIC_IMPORT))
      walk(path.resolve(path.dirname(file), match[1]!), `static import of ${path.basename(file)}`);
  };
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g))
    walk(path.join(dist, match[1]!), "index.html script");
  for (const match of html.matchAll(/<link[^>]*\bhref="([^"]+\.(?:css|js))"/g)) {
    const file = path.join(dist, match[1]!);
    if (file.endsWith(".js")) walk(file, "index.html modulepreload");
    else add(match[1]!, "index.html stylesheet");
  }
  const assetsDir = path.join(dist, "assets");
  const routeChunk = readdirSync(assetsDir).find((f) => ROUTE_CHUNK.test(f));
  if (!routeChunk) throw new Error("no route chunk for / (assets/home-*.js) in the build");
  walk(path.join(assetsDir, routeChunk), "lazy route chunk of /");
  for (const css of readdirSync(assetsDir).filter((f) => /^home-[\w-]+\.css$/.test(f)))
    add(`assets/${css}`, "CSS of the route chunk of /");
  for (const root of extraRoots)
    for (const chunk of readdirSync(assetsDir).filter((f) => root.test(f)))
      walk(path.join(assetsDir, chunk), "loaded after the first paint");
  return [...assets.values()];
}

export function benchFrontEnd(summary: Summary) {
  const assets = firstViewAssets();
  console.log("\n  First view of / (JS + CSS):");
  for (const a of assets)
    console.log(
      `    ${a.file.padEnd(40)} ${kb(a.raw).padStart(10)} raw ${kb(a.gzip).padStart(10)} gzip  (${a.why})`,
    );
  const raw = assets.reduce((s, a) => s + a.raw, 0);
  const gzip = assets.reduce((s, a) => s + a.gzip, 0);
  const js = assets.filter((a) => a.file.endsWith(".js"));
  const css = assets.filter((a) => a.file.endsWith(".css"));
  const sum = (list: Asset[], key: "raw" | "gzip") => kb(list.reduce((s, a) => s + a[key], 0));
  console.log(
    `    total: ${kb(raw)} raw, ${kb(gzip)} gzip (JS ${sum(js, "raw")} / ${sum(js, "gzip")} gzip, CSS ${sum(css, "raw")} / ${sum(css, "gzip")} gzip)`,
  );
  // What / fetches right after its first paint without waiting for it: the plan form, which the
  // page hydrates with the rest (react-hook-form and zod come with the first focus: lib/deferred-form.ts),
  // and the service worker's registration. Chromium's count of it all is in first-view-fetches.ts.
  const withDeferred = firstViewAssets(WEB_DIST, [
    /^plan-trip-prefill-[\w-]+\.js$/,
    /^pwa-[\w]+\.js$/,
  ]);
  const deferred = withDeferred.filter((a) => !assets.some((b) => b.file === a.file));
  for (const a of deferred)
    console.log(
      `    ${a.file.padEnd(40)} ${kb(a.raw).padStart(10)} raw ${kb(a.gzip).padStart(10)} gzip  (after the first paint)`,
    );
  const deferredGzip = deferred.reduce((s, a) => s + a.gzip, 0);
  summary.add({
    part: "front end",
    name: "JS loaded after the first paint of / (plan form, worker registration), gzip",
    measured: kb(deferredGzip),
    target: "(information)",
    pass: "info",
  });
  summary.add({
    part: "front end",
    name: "JS+CSS for first view of /, gzip",
    measured: `${kb(gzip)} (${kb(raw)} raw, ${assets.length} files)`,
    target: "<= 110 KB gzip",
    pass: gzip <= FIRST_VIEW_BUDGET_GZIP,
  });
  return { raw, gzip, withinBudget: gzip <= FIRST_VIEW_BUDGET_GZIP };
}
