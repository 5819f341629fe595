import { PACKING_DEFAULT_HOME_COUNTRY, type PackingSuggestion } from "#shared/schemas/packing.ts";
import type { Logger } from "../lib/logger.ts";
import type { WeatherService } from "../services/weather/weather-service.ts";
import type { PackingListRow, TripRow } from "../db/schema.ts";
import { tripForecast } from "../trips/trip-forecast.ts";
import { addItems, type PackingDeps } from "./packing-changes.ts";
import { readPacking } from "./packing-lists.ts";
import {
  activitySuggestions,
  journeySuggestions,
  mergeSuggestions,
  plugSuggestions,
  tripCountries,
  weatherSuggestions,
} from "./packing-suggestions.ts";

type SuggestDeps = { weather: WeatherService; logger: Logger } & Pick<PackingDeps, "db">;

/**
 * What the trip itself says to pack, each with its reason: the forecast of its stops and dates
 * (through the trip page's forecast: same providers, cache and rules), its activities, journeys and
 * countries' plugs. Nothing is added until accepted; what the caller's lists hold is left out.
 */
export async function packingSuggestions(
  deps: SuggestDeps,
  trip: TripRow,
  userId: string,
  home: string | undefined,
  requestId: string,
): Promise<PackingSuggestion[]> {
  const [forecast, { lists }] = await Promise.all([
    tripForecast(deps, trip, requestId),
    readPacking(deps.db, trip.id, userId),
  ]);
  const found = [
    ...weatherSuggestions(forecast),
    ...activitySuggestions(trip),
    ...journeySuggestions(trip),
    ...plugSuggestions(tripCountries(trip), home ?? PACKING_DEFAULT_HOME_COUNTRY),
  ];
  return mergeSuggestions(
    found,
    lists.flatMap((l) => l.items.map((i) => i.name)),
  );
}

/**
 * Adds the accepted suggestions to a list (the shared one or the caller's own), with the
 * categories the suggestions gave them; a name no longer suggested (the forecast moved on) is
 * added as it was sent, under "Other".
 */
export async function acceptSuggestions(
  deps: SuggestDeps & PackingDeps,
  trip: TripRow,
  userId: string,
  list: PackingListRow,
  names: string[],
  home: string | undefined,
  requestId: string,
) {
  const suggested = await packingSuggestions(deps, trip, userId, home, requestId);
  const byName = new Map(suggested.map((s) => [s.name.toLowerCase(), s]));
  const unique = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
  const items = unique.map((name) => {
    const known = byName.get(name.toLowerCase());
    return { name: known?.name ?? name, ...(known ? { category: known.category } : {}) };
  });
  const where = list.kind === "shared" ? "the shared packing list" : "their packing list";
  return addItems(
    deps,
    trip,
    userId,
    list,
    items,
    `Added ${items.length === 1 ? "a suggestion" : `${items.length} suggestions`} to ${where}: ${items
      .slice(0, 3)
      .map((i) => i.name)
      .join(", ")}${items.length > 3 ? ` and ${items.length - 3} more` : ""}`,
  );
}
