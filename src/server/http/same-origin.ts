import type { MiddlewareHandler } from "hono";
import { ORIGIN_REFUSED_CODE, refusedOriginMessage } from "../lib/app-origins.ts";
import { AppError } from "../lib/http-errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Content types a page on another site can send without a CORS preflight.
const SIMPLE_CONTENT_TYPE =
  /^(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;

/**
 * Refuses writes that a browser sent from another origin, cookie or not (CSRF). Browsers send `Origin`
 * on every POST/PUT/PATCH/DELETE; without one, `Sec-Fetch-Site` decides, and a simple (preflight-free)
 * body with neither is refused too. Non-browser clients (no Origin, JSON) are unaffected.
 * `accepted` is APP_ORIGIN, plus its loopback aliases in development (lib/app-origins.ts).
 */
export function sameOriginWrites(
  appOrigin: string,
  accepted: readonly string[],
): MiddlewareHandler {
  return (c, next) => {
    // Reads pass straight on, without a layer of promises of their own.
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header("origin");
      const site = c.req.header("sec-fetch-site");
      if (origin) {
        // Said in words a form can show: a page opened at another address of this very server
        // (127.0.0.1 for localhost in production) is told where to open it.
        if (accepted.includes(origin)) return next();
        throw new AppError(403, ORIGIN_REFUSED_CODE, refusedOriginMessage(origin, appOrigin));
      }
      const foreign = site
        ? site !== "same-origin" && site !== "none"
        : SIMPLE_CONTENT_TYPE.test(c.req.header("content-type") ?? "text/plain") &&
          c.req.header("cookie") !== undefined;
      if (foreign) throw new AppError(403, "forbidden", "Cross-origin request refused.");
    }
    return next();
  };
}
