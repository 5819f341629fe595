import { Hono } from "hono";
import { AVATAR_CACHE_CONTROL_SECONDS } from "#shared/constants.ts";
import type { AppBindings } from "../http/context.ts";
import { isPendingDeletion } from "../account/account-deletion.ts";
import { AppError, notFound } from "../lib/http-errors.ts";
import { isValidKey } from "../services/storage/storage.ts";

const LINK_REFUSED = "This link has expired or is not valid.";
const MESSAGE_NOT_FOUND = "File not found";

/**
 * Serves local-disk files through the links `storage.signedUrl` makes, and nothing else:
 * no listing, no unsigned reads, never HTML (content type comes from an image-only allowlist).
 */
export const filesRoutes = new Hono<AppBindings>().get("/*", async (c) => {
  const { storage } = c.var.deps;
  const rawKey = c.req.path.replace(/^.*?\/files\//, "");
  let key: string;
  try {
    key = rawKey.split("/").map(decodeURIComponent).join("/");
  } catch {
    throw notFound(MESSAGE_NOT_FOUND);
  }
  if (!isValidKey(key)) throw notFound(MESSAGE_NOT_FOUND);

  const expires = c.req.query("expires") ?? "";
  const signature = c.req.query("signature") ?? "";
  if (!storage.verifySignedUrl(key, expires, signature)) {
    throw new AppError(403, "forbidden", LINK_REFUSED);
  }
  if (await isPendingDeletion(c.var.deps.database.db, key)) throw notFound(MESSAGE_NOT_FOUND);
  const file = await storage.read(key);
  if (!file) throw notFound(MESSAGE_NOT_FOUND);

  const name = (key.split("/").pop() ?? "file").replace(/[^A-Za-z0-9._-]/g, "_");
  return c.body(file.body, 200, {
    "Content-Type": file.contentType,
    "Content-Length": String(file.body.byteLength),
    "Content-Disposition": `inline; filename="${name}"`,
    "X-Content-Type-Options": "nosniff",
    // Keys are never overwritten, so a cached copy can never be stale.
    "Cache-Control": `private, max-age=${AVATAR_CACHE_CONTROL_SECONDS}, immutable`,
  });
});
