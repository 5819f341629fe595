import type { MiddlewareHandler } from "hono";
import { AppError } from "../lib/http-errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Content types a page on another site can send without a CORS preflight.
const SIMPLE_CONTENT_TYPE =
  /^(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;

/**
 * Refuses writes that a browser sent from another origin, cookie or not (CSRF). Browsers send `Origin`
 * on every POST/PUT/PATCH/DELETE; without one, `Sec-Fetch-Site` decides, and a simple (preflight-free)
 * body with neither is refused too. Non-browser clients (no Origin, JSON) are unaffected.
 */
export function sameOriginWrites(appOrigin: string): MiddlewareHandler {
  return (c, next) => {
    // Reads pass straight on, without a layer of promises of their own.
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header("origin");
      const site = c.req.header("sec-fetch-site");
      const foreign = origin
        ? origin !== appOrigin
        : site
          ? site !== "same-origin" && site !== "none"
          : SIMPLE_CONTENT_TYPE.test(c.req.header("content-type") ?? "text/plain") &&
            c.req.header("cookie") !== undefined;
      if (foreign) throw new AppError(403, "forbidden", "Cross-origin request refused.");
    }
    return next();
  };
}
