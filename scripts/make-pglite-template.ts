import { openPglite } from "../src/server/db/pglite.ts";

// Run by ensurePgliteTemplate (src/server/db/pglite-template.ts) in its own process: PGlite's initdb
// into the given empty directory, then a clean shutdown. No migrations: the template only depends
// on the PGlite version. With --report-peak (the bench), its last line is this process's peak
// resident size: "peak-rss-kb N".
const dir = process.argv[2];
if (!dir) throw new Error("usage: make-pglite-template.ts <empty directory> [--report-peak]");
const database = await openPglite({ dataDir: dir, useTemplate: false });
await database.close();
if (process.argv.includes("--report-peak"))
  console.log(`peak-rss-kb ${process.resourceUsage().maxRSS}`);
