import { WeatherError } from "./weather-service.ts";

/** GET a JSON document with a deadline; network errors, timeouts and bad JSON are weather failures. */
export async function fetchJson(
  url: URL,
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  try {
    const response = await fetch(url, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body: unknown = await response.json().catch(() => undefined);
    return { status: response.status, body };
  } catch (error) {
    throw new WeatherError("failed", { cause: error });
  }
}
