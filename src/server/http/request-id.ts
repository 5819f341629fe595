import type { MiddlewareHandler } from "hono";

const HEADER = "X-Request-Id";
/** What hono's requestId() accepts: up to 255 word characters, "-" and "=". */
const WELL_FORMED = /^[\w\-=]{1,255}$/;

/**
 * The request's id, in every log line of the request and in its answer's X-Request-Id. A trusted
 * proxy's id is kept so its logs and ours line up; anyone else's is replaced by our own, since a
 * client could otherwise plant a misleading id (or another request's) in our logs.
 */
export function requestId(): MiddlewareHandler<{
  Variables: { requestId: string; viaTrustedProxy: boolean };
}> {
  return async (c, next) => {
    const offered = c.var.viaTrustedProxy ? c.req.header(HEADER) : undefined;
    const id = offered && WELL_FORMED.test(offered) ? offered : crypto.randomUUID();
    c.set("requestId", id);
    c.header(HEADER, id);
    await next();
  };
}
