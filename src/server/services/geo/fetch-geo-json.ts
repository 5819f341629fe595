import type { LookupFailure } from "#shared/service-failure.ts";

/** An HTTP status that is not an answer, as a kind of failure: 429 is a rate limit, others a refusal. */
const statusFailure = (status: number): LookupFailure =>
  status === 429 ? "rate_limited" : "refused";

/**
 * An outside geocoder did not answer usefully (network, timeout, non-200, unexpected body);
 * `failure` says which, for the traveller (never "not found": that is an answer).
 */
export class GeocoderError extends Error {
  override name = "GeocoderError";
  readonly failure: LookupFailure;
  constructor(
    readonly provider: string,
    readonly status: number | null,
    options?: ErrorOptions & { failure?: LookupFailure },
  ) {
    super(`${provider} failed${status === null ? "" : ` with HTTP ${status}`}`, options);
    this.failure =
      options?.failure ??
      (status === null ? "unreachable" : status === 200 ? "bad_response" : statusFailure(status));
  }
}

/** GET a JSON document within `timeoutMs`, stopped early by `signal`. */
export async function fetchGeoJson(
  provider: string,
  url: URL,
  options: { timeoutMs: number; signal: AbortSignal; headers?: Record<string, string> },
): Promise<unknown> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: "application/json", ...options.headers },
      signal: AbortSignal.any([options.signal, timeout]),
    });
  } catch (error) {
    throw new GeocoderError(provider, null, {
      cause: error,
      failure: timeout.aborted ? "timeout" : "unreachable",
    });
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new GeocoderError(provider, response.status);
  }
  try {
    return (await response.json()) as unknown;
  } catch (error) {
    throw new GeocoderError(provider, response.status, {
      cause: error,
      failure: timeout.aborted ? "timeout" : "bad_response",
    });
  }
}
