// PGlite's initdb into the given empty directory, then a clean shutdown: run by ensurePgliteTemplate
// (src/server/db/pglite-template.ts) in its own process when no template ships for the installed
// PGlite version, and by scripts/ship-pglite-template.ts to make the one that ships. No migrations:
// the template only depends on the PGlite version. With --report-peak (the bench) its last line is
// this process's peak resident size: "peak-rss-kb N".
//
// Plain JavaScript on purpose: under tsx the same child peaked about 70 MB higher. The settings
// below are pglite.ts's (kept in step by hand): Liftoff only for the WASM code, and 16 MB of shared
// buffers for the PostgreSQL instances initdb runs (128 MB by default, about 40 MB more resident);
// the template's postgresql.conf then says 16 MB too, which the server passes at every start anyway.
import { setFlagsFromString } from "node:v8";
import { PGlite } from "@electric-sql/pglite";

const dir = process.argv[2];
if (!dir) throw new Error("usage: make-pglite-template.mjs <empty directory> [--report-peak]");
setFlagsFromString("--liftoff-only");
const memory = ["-c", "shared_buffers=16MB"];
const database = await PGlite.create({
  dataDir: dir,
  startParams: [...PGlite.defaultStartParams, ...memory],
  initDbStartParams: memory,
});
await database.close();
if (process.argv.includes("--report-peak"))
  console.log(`peak-rss-kb ${process.resourceUsage().maxRSS}`);
