import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The value of one cookie in a Cookie header, read like Better Auth's parser (better-call): the first
 * occurrence wins, surrounding quotes are dropped, the value is URI-decoded when it can be.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf("=", index);
    if (eq === -1) return undefined;
    let end = header.indexOf(";", index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(";", eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.charCodeAt(0) === 34) value = value.slice(1, -1);
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return undefined;
}

/**
 * The session token from a signed cookie value, `token.base64(HMAC-SHA256(secret, token))`, which is
 * how Better Auth (better-call's signCookieValue) signs it; null when the signature does not match.
 * Node's HMAC instead of WebCrypto: same bytes, no promise and no key import per request.
 */
export function verifySignedValue(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const signature = value.slice(dot + 1);
  // Better Auth accepts only a 44-character base64 SHA-256 signature; so do we.
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const token = value.slice(0, dot);
  // Compared as text, not decoded: Node's base64 decoder would also take base64url or stray characters.
  const given = Buffer.from(signature, "latin1");
  const wanted = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"), "latin1");
  return given.length === wanted.length && timingSafeEqual(given, wanted) ? token : null;
}
