import { createHmac, timingSafeEqual } from "node:crypto";

export type Clock = () => number;

/**
 * Signs and checks `(key, expiry)` pairs with HMAC-SHA256. The signing key is derived from
 * AUTH_SECRET for this purpose only, so a file link can never stand in for any other token.
 */
export function createUrlSigner(secret: string, now: Clock = Date.now) {
  const signingKey = createHmac("sha256", secret).update("boundless:file-links:v1").digest();
  const sign = (key: string, expires: number) =>
    createHmac("sha256", signingKey).update(`${key}\n${expires}`).digest("base64url");

  return {
    /** `expires` is in unix seconds. */
    sign: (key: string, ttlSeconds: number) => {
      const expires = Math.floor(now() / 1000) + ttlSeconds;
      return { expires, signature: sign(key, expires) };
    },
    verify: (key: string, expires: string, signature: string): boolean => {
      if (!/^\d{1,12}$/.test(expires)) return false;
      const expiresAt = Number(expires);
      if (Math.floor(now() / 1000) > expiresAt) return false;
      const expected = Buffer.from(sign(key, expiresAt));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
