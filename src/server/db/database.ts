import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type * as schema from "./schema.ts";

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
  /** Only for PostgreSQL: where a dedicated connection (LISTEN) is opened. */
  url?: string;
  /** Only for PGlite: the raw client, used to dump test templates. */
  pglite?: PGlite;
};

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "migrations",
);
