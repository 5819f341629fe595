import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, readdirSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/*
 * PGlite's initdb on an empty data directory runs a second PostgreSQL instance, copies its whole
 * 128 MB WASM heap before each of its runs and dumps the new directory through memory: about 780 MB
 * resident for a few seconds, in whichever process does it. The result is the same for every data
 * directory of one PGlite version, so it is made once per install (by `npm start` and the bench,
 * in a child process that then exits, like the web build) and a new data directory starts as a
 * copy of it: a first start then costs what a restart costs. Without a template (tests, a server
 * started by hand) PGlite's own initdb runs as before.
 */

/** The checkout: the nearest folder with a package.json (this file may also run from dist/server). */
const ROOT = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir)
    dir = path.dirname(dir);
  return dir;
})();

function pgliteVersion(): string {
  // dist/index.cjs of the installed package; its package.json sits one level up.
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const manifest = path.join(path.dirname(entry), "..", "package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

/** The template of this install's PGlite version (a build output, like dist/web). */
export function pgliteTemplateDir(): string {
  return path.join(ROOT, "dist", `pglite-template-${pgliteVersion()}`);
}

const isEmptyOrMissing = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Makes `dataDir` a copy of the template when it is missing or empty and a template exists; true
 * when it did. The copy lands under another name first and is renamed into place, so a crash
 * mid-copy never leaves a half database where PGlite would resume.
 */
export function copyPgliteTemplate(dataDir: string, template = pgliteTemplateDir()): boolean {
  if (!existsSync(path.join(template, "PG_VERSION")) || !isEmptyOrMissing(dataDir)) return false;
  const partial = `${dataDir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(template, partial, { recursive: true });
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(partial, dataDir);
  return true;
}

/** Creates the template when this install has none yet; initdb's peak stays in the child process. */
export function ensurePgliteTemplate(): void {
  const template = pgliteTemplateDir();
  if (existsSync(path.join(template, "PG_VERSION"))) return;
  console.log("Preparing the embedded database (once per install)…");
  const partial = `${template}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  const child = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "scripts/make-pglite-template.ts"), partial],
    { stdio: "inherit", cwd: ROOT },
  );
  if (child.status !== 0 || !existsSync(path.join(partial, "PG_VERSION"))) {
    // Not fatal: the server then runs PGlite's initdb itself, as without a template.
    rmSync(partial, { recursive: true, force: true });
    console.warn(
      "Could not prepare the embedded database template; the server will initialise it.",
    );
    return;
  }
  try {
    renameSync(partial, template);
  } catch {
    // Another start made it at the same time: theirs is as good as ours.
    rmSync(partial, { recursive: true, force: true });
  }
}
