import path from "node:path";
import type { Database } from "./database.ts";

/**
 * The configured database, migrated. Only its driver is loaded (postgres.ts or pglite.ts): the
 * other one, its Drizzle driver and migrator would cost start-up time and memory for nothing.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** PostgreSQL's connection pool (DATABASE_POOL_SIZE); its driver's default when not given. */
  poolSize?: number;
  dataDir: string;
}): Promise<Database> {
  const database = options.databaseUrl
    ? (await import("./postgres.ts")).openPostgres(
        options.databaseUrl,
        options.poolSize === undefined ? {} : { max: options.poolSize },
      )
    : await (await import("./pglite.ts")).openPglite({ dataDir: path.join(options.dataDir, "db") });
  await database.migrate();
  return database;
}
