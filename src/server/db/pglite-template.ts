import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, readdirSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { unpackTarGz } from "./data-dir-archive.ts";

/*
 * PGlite's initdb on an empty data directory runs a second PostgreSQL instance, copies its whole
 * 128 MB WASM heap before each of its runs and dumps the new directory through memory: about 620 MB
 * resident for a few seconds in a plain child (750 MB under tsx), in whichever process does it. The
 * result is the same for every data directory of one PGlite version, so it is made once per install
 * and a new data directory starts as a copy of it: a first start then costs what a restart costs.
 * Without a template (tests, a server started by hand) PGlite's own initdb runs as before.
 *
 * Where the template comes from, in order: the archive that ships for this PGlite version
 * (`pglite-template/pglite-<version>.tar.gz` beside this file, 4 MB, made by
 * `node --import tsx scripts/ship-pglite-template.ts`), unpacked in this process (about 60 MB:
 * a fresh install never runs initdb at all); else initdb in a child process that then exits.
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

/** The archive of the template that ships for a PGlite version (it may not exist). */
export function shippedTemplateArchive(version = pgliteVersion()): string {
  return path.join(ROOT, "src/server/db/pglite-template", `pglite-${version}.tar.gz`);
}

/** Unpacks the shipped archive into `dir`; false when there is none or it is unusable. */
function unpackShippedTemplate(dir: string): boolean {
  const archive = shippedTemplateArchive();
  if (!existsSync(archive)) return false;
  try {
    unpackTarGz(archive, dir);
    return existsSync(path.join(dir, "PG_VERSION"));
  } catch (error) {
    console.warn(`The shipped database template could not be unpacked: ${String(error)}`);
    return false;
  }
}

/** Creates the template when this install has none yet: the shipped one, else initdb in a child. */
export function ensurePgliteTemplate(): void {
  const template = pgliteTemplateDir();
  if (existsSync(path.join(template, "PG_VERSION"))) return;
  console.log("Preparing the embedded database (once per install)…");
  const partial = `${template}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  const shipped = unpackShippedTemplate(partial);
  if (!shipped) rmSync(partial, { recursive: true, force: true });
  const child = shipped
    ? undefined
    : spawnSync(process.execPath, [path.join(ROOT, "scripts/make-pglite-template.mjs"), partial], {
        stdio: "inherit",
        cwd: ROOT,
      });
  if ((child && child.status !== 0) || !existsSync(path.join(partial, "PG_VERSION"))) {
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
