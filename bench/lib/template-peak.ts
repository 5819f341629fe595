import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The peak resident size of the child that runs PGlite's initdb (`node
 * scripts/make-pglite-template.mjs`), made here afresh into a scratch directory. `npm start` only
 * runs it when no template ships for the installed PGlite version (pglite-template.ts); a fresh
 * install of this checkout unpacks the shipped one instead (bench/first-run.ts measures that).
 */
export function measureTemplatePeakMb(): number {
  const dir = mkdtempSync(path.join(tmpdir(), "boundless-bench-template-"));
  try {
    const child = spawnSync(
      process.execPath,
      ["scripts/make-pglite-template.mjs", path.join(dir, "db"), "--report-peak"],
      { encoding: "utf8", timeout: 300_000 },
    );
    const kb = /peak-rss-kb (\d+)/.exec(child.stdout ?? "");
    if (child.status !== 0 || !kb)
      throw new Error(`the template child failed (${child.status}): ${child.stderr?.slice(-500)}`);
    return Number(kb[1]) / 1024;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
