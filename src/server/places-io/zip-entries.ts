import { Unzip, UnzipInflate } from "fflate";
import {
  PLACES_ZIP_MAX_ENTRIES,
  PLACES_ZIP_MAX_EXPANDED_BYTES,
} from "#shared/schemas/places-io.ts";
import { RefusedFile } from "./place-record.ts";

export type ZipEntry = { name: string; bytes: Uint8Array };

/** `PK\x03\x04`: a zip's first local header. */
export const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * The zip's files, the entries and the inflated bytes counted as they come: past 1,000 entries or
 * 50 MB unpacked (whatever the headers claim) it stops at once, so a zip bomb never fills the memory.
 * `wanted` picks the entries kept (the others are counted, never inflated).
 */
export function unzipBounded(bytes: Uint8Array, wanted: (name: string) => boolean): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let count = 0;
  let inflated = 0;
  let tooFar = false;
  const unzip = new Unzip((file) => {
    count += 1;
    if (count > PLACES_ZIP_MAX_ENTRIES) {
      tooFar = true;
      throw new RefusedFile("expandsTooFar");
    }
    if (file.name.endsWith("/") || !wanted(file.name)) return;
    const chunks: Uint8Array[] = [];
    file.ondata = (error, chunk, final) => {
      if (error) throw new RefusedFile("damagedZip");
      inflated += chunk.length;
      if (inflated > PLACES_ZIP_MAX_EXPANDED_BYTES) {
        tooFar = true;
        file.terminate();
        throw new RefusedFile("expandsTooFar");
      }
      chunks.push(chunk);
      if (final) entries.push({ name: file.name, bytes: concat(chunks) });
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch (error) {
    if (tooFar) throw new RefusedFile("expandsTooFar");
    if (error instanceof RefusedFile) throw error;
    throw new RefusedFile("damagedZip");
  }
  if (count === 0) throw new RefusedFile("damagedZip");
  return entries;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const total = chunks.reduce((sum, c) => sum + c.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
