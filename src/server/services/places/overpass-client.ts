import { APP_VERSION } from "../../lib/app-version.ts";
import { abortReason, createConcurrencyLimit } from "../../lib/concurrency-limit.ts";
import { overpassResponseSchema } from "./osm-element.ts";
import { PlacesError } from "./places-service.ts";

/** The public instance gives each address two slots; more at once only earns 429s. */
export const OVERPASS_MAX_CONCURRENT = 2;
/** The wait before the one retry of a failed request. */
export const OVERPASS_RETRY_DELAY_MS = 2000;

/** The Overpass etiquette: a User-Agent naming the application, its version, where it runs and a contact. */
export const overpassUserAgent = (appOrigin: string, contactEmail: string) =>
  `Boundless/${APP_VERSION} (+${appOrigin}; mailto:${contactEmail})`;

export type OverpassClientOptions = {
  url: string;
  userAgent: string;
  /** For one attempt, answer included. */
  timeoutMs: number;
  retryDelayMs?: number;
  maxConcurrent?: number;
};

export type OverpassClient = {
  /** The `elements` of the answer to one query, or PlacesError after one retry. */
  query(ql: string, options: { signal: AbortSignal }): Promise<unknown[]>;
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });

/** The reason of an AbortSignal.timeout() that fired (the caller's budget), not of an abort. */
const isTimeout = (error: unknown) =>
  error instanceof DOMException && error.name === "TimeoutError";

/** Overpass's runtime errors arrive as 200 with a remark; a timeout and a memory limit read differently. */
function remarkFailure(remark: string | undefined): PlacesError | null {
  if (!remark || !/^\s*runtime error/i.test(remark)) return null;
  return new PlacesError(/timed out|timeout/i.test(remark) ? "timeout" : "busy", 200, {
    cause: new Error(remark.slice(0, 300)),
  });
}

function statusFailure(status: number): PlacesError {
  if (status === 429 || status === 503) return new PlacesError("busy", status);
  if (status === 504) return new PlacesError("timeout", status);
  if (status >= 500) return new PlacesError("unreachable", status);
  return new PlacesError("bad_response", status);
}

/**
 * The Overpass API over HTTP: POST `data=<QL>`, at most `maxConcurrent` requests of this instance at a
 * time, each within `timeoutMs`. Any failure (network, timeout, 429, 504, a runtime-error remark, a
 * body that is not Overpass JSON) is retried once after `retryDelayMs`, then thrown as PlacesError.
 * A `signal` that ends by timing out (a caller's budget) before the retry answers gives the first
 * failure; one that is aborted rejects with its reason.
 */
export function createOverpassClient(options: OverpassClientOptions): OverpassClient {
  const limit = createConcurrencyLimit(options.maxConcurrent ?? OVERPASS_MAX_CONCURRENT);
  const retryDelayMs = options.retryDelayMs ?? OVERPASS_RETRY_DELAY_MS;

  async function attempt(ql: string, signal: AbortSignal): Promise<unknown[]> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const both = AbortSignal.any([signal, timeout]);
    const failed = (error: unknown): never => {
      if (signal.aborted) throw signal.reason;
      if (error instanceof PlacesError) throw error;
      if (timeout.aborted) throw new PlacesError("timeout", null, { cause: error });
      throw new PlacesError("unreachable", null, { cause: error });
    };
    let response: Response;
    try {
      response = await fetch(options.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded; charset=utf-8",
          Accept: "application/json",
          "User-Agent": options.userAgent,
        },
        body: new URLSearchParams({ data: ql }).toString(),
        signal: both,
      });
    } catch (error) {
      return failed(error);
    }
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      return failed(statusFailure(response.status));
    }
    let text: string;
    try {
      // The timeout covers the body too: a server that sends headers and then hangs is a timeout.
      text = await response.text();
    } catch (error) {
      return failed(error);
    }
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch (error) {
      return failed(new PlacesError("bad_response", 200, { cause: error }));
    }
    const parsed = overpassResponseSchema.safeParse(body);
    if (!parsed.success)
      return failed(new PlacesError("bad_response", 200, { cause: parsed.error }));
    const remark = remarkFailure(parsed.data.remark);
    if (remark) return failed(remark);
    return parsed.data.elements;
  }

  return {
    async query(ql, { signal }) {
      try {
        return await limit(() => attempt(ql, signal), signal);
      } catch (error) {
        if (!(error instanceof PlacesError)) throw error;
        try {
          // The slot is free while we wait, so other destinations are not held up by this one.
          await sleep(retryDelayMs, signal);
          return await limit(() => attempt(ql, signal), signal);
        } catch (retryError) {
          // The caller's time budget ran out before the retry could answer: the failure that made
          // us retry is what happened (a refusal stays a refusal, not a timeout).
          if (isTimeout(retryError)) throw error;
          throw retryError;
        }
      }
    },
  };
}
