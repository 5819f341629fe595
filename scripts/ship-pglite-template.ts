import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { packDirToTarGz } from "../src/server/db/data-dir-archive.ts";
import { shippedTemplateArchive } from "../src/server/db/pglite-template.ts";

// Makes the embedded database's template that ships with the code for the installed PGlite version
// (src/server/db/pglite-template/pglite-<version>.tar.gz): initdb in a child, then packed. Run it
// after upgrading PGlite (pglite-template.test.ts fails until the archive for the new version is
// there) and delete the old version's archive.
const scratch = mkdtempSync(path.join(tmpdir(), "boundless-ship-template-"));
try {
  const dir = path.join(scratch, "db");
  const child = spawnSync(process.execPath, ["scripts/make-pglite-template.mjs", dir], {
    stdio: "inherit",
  });
  if (child.status !== 0) throw new Error(`initdb failed (${child.status})`);
  const archive = shippedTemplateArchive();
  packDirToTarGz(dir, archive);
  console.log(`wrote ${archive}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
