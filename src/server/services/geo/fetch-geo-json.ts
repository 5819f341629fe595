/** An outside geocoder did not answer usefully (network, timeout, non-200, unexpected body). */
export class GeocoderError extends Error {
  override name = "GeocoderError";
  constructor(
    readonly provider: string,
    readonly status: number | null,
    options?: ErrorOptions,
  ) {
    super(`${provider} failed${status === null ? "" : ` with HTTP ${status}`}`, options);
  }
}

/** GET a JSON document within `timeoutMs`, stopped early by `signal`. */
export async function fetchGeoJson(
  provider: string,
  url: URL,
  options: { timeoutMs: number; signal: AbortSignal; headers?: Record<string, string> },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: "application/json", ...options.headers },
      signal: AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]),
    });
  } catch (error) {
    throw new GeocoderError(provider, null, { cause: error });
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new GeocoderError(provider, response.status);
  }
  try {
    return (await response.json()) as unknown;
  } catch (error) {
    throw new GeocoderError(provider, response.status, { cause: error });
  }
}
