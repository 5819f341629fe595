import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Db = NodePgDatabase<typeof schema>;

/** A hot statement run by name, outside Drizzle: no query building, no per-call mapping. */
export type NamedStatement = { name: string; text: string };

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs a named statement (node-postgres prepares it once per connection); rows as plain objects. */
  query: <T>(statement: NamedStatement, params: unknown[]) => Promise<T[]>;
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** Only for PGlite: the raw client, used to dump test templates. */
  pglite?: PGlite;
};

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "migrations",
);

/** PostgreSQL through node-postgres: fails fast when the server is down, reconnects by itself. */
export function openPostgres(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 2_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on("error", () => undefined);
  const db = drizzlePg(pool, { schema });
  let ended = false;
  return {
    db,
    kind: "postgres",
    query: async <T>(statement: NamedStatement, params: unknown[]) =>
      (await pool.query({ name: statement.name, text: statement.text, values: params })).rows as T[],
    migrate: () => migratePg(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (ended) return;
      ended = true;
      await pool.end();
    },
  };
}

/** Embedded PostgreSQL (WASM). `dataDir` undefined means in memory; `loadDataDir` starts from a dump. */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
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

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Database> {
  const database = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : await openPglite({ dataDir: path.join(options.dataDir, "db") });
  await database.migrate();
  return database;
}
