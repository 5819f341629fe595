import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { clonePostgresTemplate } from "#tests/support/postgres-template.ts";
import { openDatabase } from "./client.ts";

/**
 * DATABASE_POOL_SIZE bounds the server's connections to PostgreSQL: more requests at once than
 * connections wait their turn in the pool instead of opening more backends. PostgreSQL runs only
 * (`npm run test:pg`, and `.ci/run`'s PostgreSQL step); PGlite has no pool.
 */
const template = inject("postgresTemplate");

describe.skipIf(!template)("the PostgreSQL pool", () => {
  it("never uses more connections than DATABASE_POOL_SIZE, however many queries come at once", async () => {
    const clone = await clonePostgresTemplate(template!);
    const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-pool-"));
    const database = await openDatabase({ databaseUrl: clone.url, poolSize: 2, dataDir });
    try {
      const statement = {
        name: "pool_backend",
        text: "select pg_backend_pid() as pid, pg_sleep(0.05) is null as slept",
      };
      const rows = await Promise.all(
        Array.from({ length: 8 }, () => database.query<{ pid: number }>(statement, [])),
      );
      const backends = new Set(rows.map(([row]) => row!.pid));
      expect(rows).toHaveLength(8);
      expect(backends.size).toBe(2);
    } finally {
      await database.close();
      await clone.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
