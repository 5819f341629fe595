import { mkdirSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Db, Database, NamedStatement } from "./database.ts";
import { migrationsFolder } from "./database.ts";
import { copyPgliteTemplate } from "./pglite-template.ts";
import * as schema from "./schema.ts";

/**
 * PostgreSQL's defaults are for a database server that owns its machine; embedded, its shared
 * memory lives in our process. shared_buffers 128 MB → 16 MB takes about 120 MB off the resident
 * size (the trips list reads a few index and heap pages per request; the rest is the OS's file
 * cache). maintenance_work_mem bounds what a migration's index build may take.
 */
const MEMORY_SETTINGS = [
  "-c",
  "shared_buffers=16MB",
  "-c",
  "maintenance_work_mem=16MB",
  "-c",
  "temp_buffers=2MB",
];

/*
 * PostgreSQL compiled to WASM is 9 MB of code. With V8's default tiering, the functions that
 * start-up runs get hot and are recompiled by TurboFan: about 40 MB more resident and half a second
 * more to open, for queries that measured no faster (2,000 catalogue joins: 3.8 s vs 4.2 s, within
 * the noise of the loaded machine). Liftoff, V8's baseline compiler, keeps the code small. It is a
 * compile-time flag, read when PGlite compiles its module in `PGlite.create` below, and this
 * process has no other WASM.
 */
let wasmFlagsSet = false;
function useBaselineWasmCompiler() {
  if (wasmFlagsSet) return;
  wasmFlagsSet = true;
  setFlagsFromString("--liftoff-only");
}

/**
 * Embedded PostgreSQL (WASM). `dataDir` undefined means in memory; `loadDataDir` starts from a dump.
 * A new data directory starts as a copy of the install's template when there is one
 * (pglite-template.ts), instead of PGlite's initdb and its peak (about 620 MB in a plain child).
 */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob; useTemplate?: boolean } = {},
): Promise<Database> {
  useBaselineWasmCompiler();
  if (options.dataDir && !options.loadDataDir && options.useTemplate !== false)
    copyPgliteTemplate(options.dataDir);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    startParams: [...PGlite.defaultStartParams, ...MEMORY_SETTINGS],
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // Same query API as node-postgres; only the driver differs.
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    query: async <T>(statement: NamedStatement, params: unknown[]) =>
      (await client.query<T>(statement.text, params)).rows,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    pglite: client,
  };
}
