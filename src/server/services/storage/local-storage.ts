import { randomUUID } from "node:crypto";
import { link, mkdir, readdir, readFile, rm, rmdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  assertValidKey,
  contentTypeForKey,
  StorageConflictError,
  type Storage,
} from "./storage.ts";
import { createUrlSigner, type Clock } from "./url-signer.ts";

type Options = {
  /** The folder that holds every object (`DATA_DIR/uploads`). */
  root: string;
  secret: string;
  /** Where the signed links point; served by `routes/files.ts`. */
  publicPath?: string;
  now?: Clock;
};

const isErrno = (error: unknown, code: string) =>
  error instanceof Error && "code" in error && error.code === code;

/** Files on local disk, read back only through signed, expiring links to `/api/files/…`. */
export function createLocalStorage({
  root,
  secret,
  publicPath = "/api/files",
  now = Date.now,
}: Options): Storage {
  const base = path.resolve(root);
  const staging = path.join(base, ".staging");
  const signer = createUrlSigner(secret, now);

  const fileFor = (key: string) => {
    assertValidKey(key);
    const file = path.resolve(base, ...key.split("/"));
    // Belt and braces: valid keys cannot escape, but the check is cheap.
    if (!file.startsWith(base + path.sep)) throw new Error(`Key escapes the storage root: ${key}`);
    return file;
  };

  async function walk(dir: string, prefix: string): Promise<string[]> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isErrno(error, "ENOENT")) return [];
      throw error;
    }
    const keys: string[] = [];
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) keys.push(...(await walk(path.join(dir, entry.name), key)));
      else if (entry.isFile()) keys.push(key);
    }
    return keys;
  }

  return {
    driver: "local",

    async put(key, body) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      await mkdir(staging, { recursive: true });
      // Write aside, then hard-link into place: readers never see half a file, and link() refuses
      // to replace an existing one, which gives "no overwrite" atomically.
      const temp = path.join(staging, randomUUID());
      await writeFile(temp, body, { mode: 0o600 });
      try {
        await link(temp, file).catch(async (error: unknown) => {
          // A delete emptied and removed the folder between mkdir and link: make it again, once.
          if (!isErrno(error, "ENOENT")) throw error;
          await mkdir(path.dirname(file), { recursive: true });
          await link(temp, file);
        });
      } catch (error) {
        if (isErrno(error, "EEXIST")) throw new StorageConflictError(key);
        throw error;
      } finally {
        await unlink(temp).catch(() => undefined);
      }
    },

    async delete(keys) {
      const files = keys.map(fileFor);
      await Promise.all(files.map((file) => rm(file, { force: true })));
      // Folders left empty go too (an avatar folder is named after its user); rmdir refuses a
      // folder that still holds anything, so a concurrent upload is never touched.
      const folders = new Set(
        files.map((file) => path.dirname(file)).filter((dir) => dir !== base),
      );
      await Promise.all([...folders].map((dir) => rmdir(dir).catch(() => undefined)));
    },

    async list(prefix) {
      const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      if (folder) assertValidKey(folder);
      const dir = folder ? path.join(base, ...folder.split("/")) : base;
      const keys = await walk(dir, folder);
      return keys.filter((key) => key.startsWith(prefix)).sort();
    },

    signedUrl(key, ttlSeconds) {
      assertValidKey(key);
      const { expires, signature } = signer.sign(key, ttlSeconds);
      const encodedKey = key.split("/").map(encodeURIComponent).join("/");
      return Promise.resolve(
        `${publicPath}/${encodedKey}?expires=${expires}&signature=${signature}`,
      );
    },

    async read(key) {
      try {
        const body = await readFile(fileFor(key));
        return { body: new Uint8Array(body), contentType: contentTypeForKey(key) };
      } catch (error) {
        if (isErrno(error, "ENOENT") || isErrno(error, "EISDIR")) return null;
        throw error;
      }
    },

    verifySignedUrl: (key, expires, signature) => signer.verify(key, expires, signature),
  };
}
