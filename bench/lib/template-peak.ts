import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The peak resident size of the child that makes the embedded database's template (PGlite's
 * initdb), made here afresh into a scratch directory exactly as `npm start` makes it once per
 * install (ensurePgliteTemplate: `node --import tsx scripts/make-pglite-template.ts`). The server's
 * own first start no longer runs initdb, so its peak alone leaves this out.
 */
export function measureTemplatePeakMb(): number {
  const dir = mkdtempSync(path.join(tmpdir(), "boundless-bench-template-"));
  try {
    const child = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/make-pglite-template.ts", path.join(dir, "db"), "--report-peak"],
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
