import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrationsFolder, type Database, type NamedStatement } from "./database.ts";
import * as schema from "./schema.ts";

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
    url,
    query: async <T>(statement: NamedStatement, params: unknown[]) =>
      (await pool.query({ name: statement.name, text: statement.text, values: params }))
        .rows as T[],
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
