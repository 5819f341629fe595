import { currencyOfCountry } from "#shared/money.ts";
import { z } from "zod";
import type { TripPlace } from "#shared/schemas/itinerary.ts";
import { fetchGeoJson, GeocoderError } from "./fetch-geo-json.ts";

// `results` is absent when nothing matches (not an empty list).
const searchSchema = z.object({
  results: z
    .array(
      z.object({
        name: z.string(),
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
        country: z.string().optional(),
        country_code: z.string().optional(),
        timezone: z.string().optional(),
      }),
    )
    .optional(),
});

/**
 * The search matches place names only: "Kyoto, Japan" must be asked as "Kyoto". This is also the
 * cache key, so "Kyoto" and "kyoto, Japan" share one answer.
 */
export const destinationQuery = (destination: string) =>
  (destination.split(",")[0] ?? destination).trim().replace(/\s+/g, " ").toLowerCase();

/** Open-Meteo's keyless geocoding: the best match with its IANA time zone, or null for no match. */
export async function searchOpenMeteo(
  baseUrl: string,
  query: string,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<TripPlace | null> {
  const url = new URL("/v1/search", baseUrl);
  url.searchParams.set("name", query);
  url.searchParams.set("count", "1");
  url.searchParams.set("language", "en");
  url.searchParams.set("format", "json");
  const body = await fetchGeoJson("open-meteo-geocoding", url, options);
  const parsed = searchSchema.safeParse(body);
  if (!parsed.success)
    throw new GeocoderError("open-meteo-geocoding", 200, { cause: parsed.error });
  const first = parsed.data.results?.[0];
  if (!first) return null;
  return {
    name: first.name,
    country: first.country ?? first.country_code ?? "",
    lat: first.latitude,
    lng: first.longitude,
    // Every result of the real API has one; "UTC" keeps a rare gap from losing the whole place.
    timezone: first.timezone ?? "UTC",
    ...currencyField(first.country_code ?? first.country),
  };
}

/** The money paid in the country (ISO 4217), when the country is known. */
function currencyField(country: string | undefined): { currency?: string } {
  const currency = currencyOfCountry(country);
  return currency ? { currency } : {};
}
