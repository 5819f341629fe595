import { z } from "zod";
import type { Logger } from "../../lib/logger.ts";
import type { FxRates, RatesDay } from "./fx-rates.ts";

// The answer's shape (WIRE-FORMATS.md): anything else (a proxy's HTML page, a 404 body) is a failure.
const answerSchema = z.object({
  amount: z.number(),
  base: z.string(),
  date: z.iso.date(),
  rates: z.record(z.string(), z.number().positive()),
});

/**
 * Frankfurter (`GET {url}/latest?base=USD`, `GET {url}/YYYY-MM-DD?base=USD`). Every failure
 * (network, timeout, non-200, a body that is not the format) is logged and answered with null.
 */
export function createFrankfurter(options: {
  url: string;
  timeoutMs: number;
  logger: Logger;
}): FxRates {
  const base = options.url.replace(/\/+$/, "");
  const get = async (path: string, currency: string): Promise<RatesDay | null> => {
    const url = new URL(`${base}/${path}`);
    url.searchParams.set("base", currency);
    try {
      const response = await fetch(url, {
        headers: { Accept: "application/json" },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const body: unknown = await response.json().catch(() => undefined);
      const answer = response.ok ? answerSchema.safeParse(body) : null;
      if (!answer?.success) {
        options.logger.warn({ status: response.status, path }, "fx: rates not available");
        return null;
      }
      return { base: answer.data.base, date: answer.data.date, rates: answer.data.rates };
    } catch (error) {
      options.logger.warn({ err: error, path }, "fx: rates request failed");
      return null;
    }
  };
  return {
    enabled: true,
    latest: (currency) => get("latest", currency),
    onDate: (currency, date) => get(date, currency),
  };
}
