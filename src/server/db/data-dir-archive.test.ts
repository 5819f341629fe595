import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { packDirToTarGz, unpackTarGz } from "./data-dir-archive.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "boundless-archive-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const LONG = `${"segment-".repeat(14)}end`; // over ustar's 100-byte name field with its folders

describe("packDirToTarGz / unpackTarGz", () => {
  it("round-trips nested folders, empty folders, long paths and file contents byte for byte", () => {
    const source = path.join(scratch, "source");
    mkdirSync(path.join(source, "base", "1"), { recursive: true });
    mkdirSync(path.join(source, "pg_notify"));
    mkdirSync(path.join(source, "deep", LONG), { recursive: true });
    writeFileSync(path.join(source, "PG_VERSION"), "18\n");
    const binary = Buffer.from(Array.from({ length: 1300 }, (_, i) => (i * 7) % 256));
    writeFileSync(path.join(source, "base", "1", "1259"), binary);
    writeFileSync(path.join(source, "deep", LONG, "file-with-a-long-path"), "far down");
    const archive = path.join(scratch, "source.tar.gz");
    packDirToTarGz(source, archive);

    const target = path.join(scratch, "target");
    unpackTarGz(archive, target);
    expect(readFileSync(path.join(target, "PG_VERSION"), "utf8")).toBe("18\n");
    expect(readFileSync(path.join(target, "base", "1", "1259")).equals(binary)).toBe(true);
    expect(readFileSync(path.join(target, "deep", LONG, "file-with-a-long-path"), "utf8")).toBe(
      "far down",
    );
    expect(readdirSync(path.join(target, "pg_notify"))).toEqual([]);
    expect(readdirSync(target).sort()).toEqual(["PG_VERSION", "base", "deep", "pg_notify"]);
  });

  it("refuses an entry that would land outside the target directory", () => {
    const source = path.join(scratch, "one-file");
    mkdirSync(source);
    writeFileSync(path.join(source, "aaaaaaa"), "x");
    const archive = path.join(scratch, "one-file.tar.gz");
    packDirToTarGz(source, archive);
    const tar = gunzipSync(readFileSync(archive));
    tar.write("../evil", 0, "utf8"); // same length as the name it replaces
    const evil = path.join(scratch, "evil.tar.gz");
    writeFileSync(evil, gzipSync(tar));
    expect(() => unpackTarGz(evil, path.join(scratch, "evil-target"))).toThrow(/outside/);
    expect(readdirSync(scratch)).not.toContain("evil");
  });
});
