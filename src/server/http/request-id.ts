const HEADER = "X-Request-Id";
/** What hono's requestId() accepts: up to 255 word characters, "-" and "=". */
const WELL_FORMED = /^[\w\-=]{1,255}$/;

/**
 * The request's id, in every log line of the request and in its answer's X-Request-Id. A trusted
 * proxy's id is kept so its logs and ours line up; anyone else's is replaced by our own, since a
 * client could otherwise plant a misleading id (or another request's) in our logs.
 */
export function requestIdOf(
  headers: { header(name: string): string | undefined },
  viaTrustedProxy: boolean,
): string {
  const offered = viaTrustedProxy ? headers.header(HEADER) : undefined;
  return offered && WELL_FORMED.test(offered) ? offered : crypto.randomUUID();
}

export const REQUEST_ID_HEADER = HEADER;
