import type { MiddlewareHandler } from "hono";
import type { AppBindings } from "./context.ts";

/** Deeper than any body the app takes (a trip is about 6 levels): a parser's stack is not ours. */
export const MAX_BODY_NESTING = 64;
export const TOO_DEEP_MESSAGE = `The request body is nested more than ${MAX_BODY_NESTING} levels deep.`;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text opens more than `max` objects or arrays inside one another. One pass over the
 * bytes, outside strings only; it does not validate (a malformed body is the parser's to refuse).
 */
export function nestedDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
  }
  return false;
}

// Bodies that are not JSON text: files, forms. Everything else may be read as JSON somewhere
// (Hono's c.req.json() does not look at the type), so it is checked.
const NOT_JSON = /^(multipart\/|image\/|application\/(octet-stream|x-www-form-urlencoded))/i;

/**
 * F-10: a body nested 40,000 deep overflowed the stack of Better Auth's parser (a 500). Refused
 * with 400 before it reaches Better Auth or any route. Runs after the body limit, so the body read
 * here is at most that size; the route reads it again from the clone's other half.
 */
export function limitBodyNesting(max = MAX_BODY_NESTING): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || !c.req.raw.body) return next();
    if (NOT_JSON.test(c.req.header("content-type") ?? "")) return next();
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await c.req.raw.clone().arrayBuffer());
    } catch {
      return next(); // unreadable (too large, cut off): the route's own read answers it
    }
    if (nestedDeeperThan(bytes, max))
      return c.json({ error: { code: "bad_request", message: TOO_DEEP_MESSAGE } }, 400);
    return next();
  };
}
