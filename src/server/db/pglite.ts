import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Db, Database, NamedStatement } from "./client.ts";
import { migrationsFolder } from "./client.ts";
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

/** Embedded PostgreSQL (WASM). `dataDir` undefined means in memory; `loadDataDir` starts from a dump. */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<Database> {
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
