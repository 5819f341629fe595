import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";

/*
 * A data directory as one .tar.gz (POSIX ustar: regular files and directories, nothing else), so
 * that the embedded database's template can ship with the code (pglite-template.ts). A few dozen
 * lines instead of a dependency; the archive is ours, so the reader only needs what the writer
 * writes, and refuses anything that would land outside the target directory.
 */

const BLOCK = 512;

function octal(value: number, width: number) {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function header(name: string, size: number, mode: number, type: "0" | "5") {
  const block = Buffer.alloc(BLOCK);
  // Names up to 100 bytes in `name`; longer ones split at a "/" into `prefix` (155) and `name`.
  let prefix = "";
  let rest = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf("/", 155);
    if (cut < 1 || Buffer.byteLength(name.slice(cut + 1)) > 100)
      throw new Error(`path too long for ustar: ${name}`);
    prefix = name.slice(0, cut);
    rest = name.slice(cut + 1);
  }
  block.write(rest, 0, 100, "utf8");
  block.write(octal(mode & 0o7777, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(0, 12), 136, "ascii");
  block.fill(" ", 148, 156);
  block.write(type, 156, "ascii");
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  block.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

/** Writes every file and directory under `dir` (paths relative to it, sorted) to `file`, gzipped. */
export function packDirToTarGz(dir: string, file: string): void {
  const parts: Buffer[] = [];
  const walk = (relative: string) => {
    for (const name of readdirSync(path.join(dir, relative)).sort()) {
      const entry = relative ? `${relative}/${name}` : name;
      const stat = statSync(path.join(dir, entry));
      if (stat.isDirectory()) {
        parts.push(header(`${entry}/`, 0, stat.mode, "5"));
        walk(entry);
      } else if (stat.isFile()) {
        const data = readFileSync(path.join(dir, entry));
        parts.push(header(entry, data.length, stat.mode, "0"), data);
        const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
        if (pad) parts.push(Buffer.alloc(pad));
      }
    }
  };
  walk("");
  parts.push(Buffer.alloc(BLOCK * 2));
  writeFileSync(file, gzipSync(Buffer.concat(parts), { level: 9 }));
}

const text = (block: Buffer, start: number, length: number) => {
  const end = block.indexOf(0, start);
  return block.toString("utf8", start, end === -1 || end > start + length ? start + length : end);
};

/** Unpacks an archive written by packDirToTarGz into `dir` (created; must be new or empty). */
export function unpackTarGz(file: string, dir: string): void {
  const tar = gunzipSync(readFileSync(file));
  const root = path.resolve(dir);
  mkdirSync(root, { recursive: true });
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const block = tar.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) break;
    const prefix = text(block, 345, 155);
    const name = (prefix ? `${prefix}/` : "") + text(block, 0, 100);
    const size = parseInt(text(block, 124, 12).trim() || "0", 8);
    const mode = parseInt(text(block, 100, 8).trim() || "600", 8);
    const type = String.fromCharCode(block[156] ?? 0);
    const target = path.resolve(root, name);
    if (target !== root && !target.startsWith(root + path.sep))
      throw new Error(`archive entry outside the target directory: ${name}`);
    offset += BLOCK;
    if (type === "5") mkdirSync(target, { recursive: true, mode });
    else if (type === "0" || type === "\0") {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, tar.subarray(offset, offset + size), { mode });
    } else throw new Error(`unexpected archive entry type ${JSON.stringify(type)}: ${name}`);
    offset += Math.ceil(size / BLOCK) * BLOCK;
  }
}
