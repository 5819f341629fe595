/** One stored file as the storage hands it back. */
export type StoredObject = { body: Uint8Array<ArrayBuffer>; contentType: string };

export type PutOptions = { contentType: string; cacheControlSeconds: number };

/**
 * Where user files live: local disk by default, any S3-compatible store when configured.
 * Keys are slash-separated paths such as `avatars/{userId}/{timestamp}-{name}`.
 */
export type Storage = {
  readonly driver: "local" | "s3";
  /** Stores a new object. Never overwrites: an existing key fails with `StorageConflictError`. */
  put: (key: string, body: Uint8Array, options: PutOptions) => Promise<void>;
  /** Deletes the objects; missing keys are not an error. */
  delete: (keys: readonly string[]) => Promise<void>;
  /** Every key that starts with `prefix`, sorted. */
  list: (prefix: string) => Promise<string[]>;
  /** A link anyone holding it may use to read the object until it expires. */
  signedUrl: (key: string, ttlSeconds: number) => Promise<string>;
  read: (key: string) => Promise<StoredObject | null>;
  /** Checks a link made by `signedUrl`; only the local adapter serves its own links. */
  verifySignedUrl: (key: string, expires: string, signature: string) => boolean;
};

export class StorageConflictError extends Error {
  override name = "StorageConflictError";
  constructor(key: string) {
    super(`Object already exists: ${key}`);
  }
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** Keys are plain ASCII path segments: no `..`, no hidden names, no empty parts, no backslashes. */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split("/").every((segment) => SEGMENT.test(segment));
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
};

/** Only image types we store are ever named; anything else is opaque bytes, never HTML. */
export function contentTypeForKey(key: string): string {
  const extension = key.split(".").pop()?.toLowerCase() ?? "";
  return CONTENT_TYPES[extension] ?? "application/octet-stream";
}
