import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["src/web", "src/shared", "public", "vite.config.ts", "package-lock.json"];
const BUILT = "dist/web/index.html";

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry))
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Builds the web app when there is no build yet or any of its sources changed since the last one. */
export function buildIfNeeded() {
  const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map(newestMtime));
  if (builtAt > changedAt) return;
  console.log(builtAt ? "Web sources changed: rebuilding…" : "Building the web app (first start)…");
  // scripts/build.mjs: both builds, each with its memory bounded (see there).
  execFileSync(process.execPath, [path.resolve("scripts/build.mjs")], { stdio: "inherit" });
}
