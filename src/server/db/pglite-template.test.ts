import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "./pglite.ts";
import { unpackTarGz } from "./data-dir-archive.ts";
import { copyPgliteTemplate, shippedTemplateArchive } from "./pglite-template.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "boundless-template-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A stand-in template: only what copyPgliteTemplate looks at, plus a nested file. */
function fakeTemplate(name: string) {
  const dir = path.join(scratch, name);
  mkdirSync(path.join(dir, "base", "1"), { recursive: true });
  writeFileSync(path.join(dir, "PG_VERSION"), "17\n");
  writeFileSync(path.join(dir, "base", "1", "1259"), "catalogue");
  return dir;
}

describe("copyPgliteTemplate", () => {
  it("copies the template into a missing or empty data directory, leaving no partial copy", () => {
    const template = fakeTemplate("template-a");
    const missing = path.join(scratch, "missing", "db");
    mkdirSync(path.dirname(missing));
    expect(copyPgliteTemplate(missing, template)).toBe(true);
    expect(readFileSync(path.join(missing, "base", "1", "1259"), "utf8")).toBe("catalogue");
    const empty = path.join(scratch, "empty");
    mkdirSync(empty);
    expect(copyPgliteTemplate(empty, template)).toBe(true);
    expect(readFileSync(path.join(empty, "PG_VERSION"), "utf8")).toBe("17\n");
    expect(readdirSync(scratch).filter((n) => n.includes(".partial-"))).toEqual([]);
  });

  it("never touches a data directory that has anything in it", () => {
    const template = fakeTemplate("template-b");
    const existing = path.join(scratch, "existing");
    mkdirSync(existing);
    writeFileSync(path.join(existing, "PG_VERSION"), "16\n");
    expect(copyPgliteTemplate(existing, template)).toBe(false);
    expect(readdirSync(existing)).toEqual(["PG_VERSION"]);
    expect(readFileSync(path.join(existing, "PG_VERSION"), "utf8")).toBe("16\n");
  });

  it("does nothing without a finished template (no PG_VERSION)", () => {
    const unfinished = path.join(scratch, "unfinished");
    mkdirSync(unfinished);
    const target = path.join(scratch, "target-c");
    expect(copyPgliteTemplate(target, unfinished)).toBe(false);
    expect(existsSync(target)).toBe(false);
  });

  it("a copy of a real initialised directory opens, migrates and keeps its own data", async () => {
    const template = path.join(scratch, "real-template");
    const made = await openPglite({ dataDir: template, useTemplate: false });
    await made.close();
    const first = path.join(scratch, "first");
    expect(copyPgliteTemplate(first, template)).toBe(true);
    const database = await openPglite({ dataDir: first, useTemplate: false });
    try {
      await database.migrate();
      const rows = await database.query<{ n: number }>(
        { name: "count-trips", text: "select count(*)::int as n from trips" },
        [],
      );
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
    }
    // The template itself was not migrated by the copy's use.
    const again = await openPglite({ dataDir: template, useTemplate: false });
    try {
      const tables = await again.query<{ n: number }>(
        {
          name: "count-trips-table",
          text: "select count(*)::int as n from pg_tables where tablename = 'trips'",
        },
        [],
      );
      expect(tables).toEqual([{ n: 0 }]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it("a template ships for the installed PGlite version (after an upgrade: scripts/ship-pglite-template.ts)", () => {
    expect(existsSync(shippedTemplateArchive()), shippedTemplateArchive()).toBe(true);
  });

  it("the shipped template unpacks into a directory that PGlite opens and migrates", async () => {
    const dir = path.join(scratch, "from-shipped");
    unpackTarGz(shippedTemplateArchive(), dir);
    const database = await openPglite({ dataDir: dir, useTemplate: false });
    try {
      await database.migrate();
      const rows = await database.query<{ n: number }>(
        { name: "count-trips-shipped", text: "select count(*)::int as n from trips" },
        [],
      );
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
