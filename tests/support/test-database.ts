import { readFileSync } from "node:fs";
import { inject } from "vitest";
import type { Database } from "#server/db/database.ts";
import { openPglite } from "#server/db/pglite.ts";
import { openPostgres } from "#server/db/postgres.ts";
import { clonePostgresTemplate } from "./postgres-template.ts";

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a PostgreSQL clone when
 * TEST_DATABASE_URL is set. `close` also drops the clone.
 */
export async function createTestDatabase(): Promise<Database> {
  const template = inject("postgresTemplate");
  if (template) {
    const clone = await clonePostgresTemplate(template);
    const database = openPostgres(clone.url, { max: 4 });
    return {
      ...database,
      close: async () => {
        await database.close();
        await clone.drop();
      },
    };
  }
  const dump = new Blob([readFileSync(inject("pgliteTemplatePath"))]);
  return openPglite({ loadDataDir: dump });
}
