/** Why a router's answer could not be used; every one leaves the leg estimated. */
export class RoutingError extends Error {
  override name = "RoutingError";
  constructor(
    readonly reason: "timeout" | "unreachable" | "status" | "not_json" | "refused" | "bad_response",
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

/**
 * GET a router's JSON within `timeoutMs`. Its status and body are returned as they came (OSRM's
 * errors are JSON with a 400; a 429 over the limit is an HTML page): the adapter reads the `code`.
 */
export async function getRouterJson(
  url: string,
  options: { userAgent: string; timeoutMs: number; signal?: AbortSignal },
): Promise<{ status: number; body: unknown }> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      headers: { Accept: "application/json", "User-Agent": options.userAgent },
      signal,
    });
    // The timeout covers the body: headers then silence is a timeout too.
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted)
      throw new RoutingError("timeout", null, "the router did not answer in time");
    throw new RoutingError(
      "unreachable",
      null,
      error instanceof Error ? error.message : "fetch failed",
    );
  }
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new RoutingError("not_json", response.status, `HTTP ${response.status}, not JSON`);
  }
}
