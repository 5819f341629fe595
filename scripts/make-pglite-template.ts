import { openPglite } from "../src/server/db/pglite.ts";

// Run by ensurePgliteTemplate (src/server/db/pglite-template.ts) in its own process: PGlite's initdb
// into the given empty directory, then a clean shutdown. No migrations: the template only depends
// on the PGlite version.
const dir = process.argv[2];
if (!dir) throw new Error("usage: make-pglite-template.ts <empty directory>");
const database = await openPglite({ dataDir: dir, useTemplate: false });
await database.close();
