import type {
  AttractionOffer,
  JourneyOffer,
  MealOffer,
  SourceCity,
  StayOffer,
  TripSources,
} from "./trip-sources.ts";

/**
 * TripSources backed by tables of offers held in memory, each row naming its city: a catalogue or
 * an inventory export, and the TravelPlanner sandbox (issue 48). Every price is the table's own.
 * Cities match by name, ignoring case and surrounding spaces; a journey without a date (a road leg)
 * is offered on every date.
 */
export type OfferTables = {
  stays: (StayOffer & { city: string })[];
  meals: (MealOffer & { city: string })[];
  attractions: (AttractionOffer & { city: string })[];
  journeys: (JourneyOffer & { date: string | null })[];
};

const cityKey = (name: string) => name.trim().toLowerCase();
const routeKey = (from: string, to: string) => `${cityKey(from)}\u0000${cityKey(to)}`;

/** Rows grouped by a key, in table order. */
function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** The row without the table's own `city` (or `date`) column: the interface's offer. */
const withoutKey = <T extends object, K extends string>(row: T, key: K): Omit<T, K> => {
  const { [key]: _dropped, ...offer } = row as T & Record<K, unknown>;
  return offer;
};

export function createOfferTableSources(tables: OfferTables): TripSources {
  const stays = groupBy(tables.stays, (s) => cityKey(s.city));
  const meals = groupBy(tables.meals, (m) => cityKey(m.city));
  const attractions = groupBy(tables.attractions, (a) => cityKey(a.city));
  const journeys = groupBy(tables.journeys, (j) => routeKey(j.from, j.to));
  const inCity = <T extends object>(groups: Map<string, T[]>, city: SourceCity) =>
    (groups.get(cityKey(city.name)) ?? []).map((row) => withoutKey(row, "city"));
  return {
    stays: (city) => Promise.resolve(inCity(stays, city) as StayOffer[]),
    meals: (city) => Promise.resolve(inCity(meals, city) as MealOffer[]),
    attractions: (city) => Promise.resolve(inCity(attractions, city) as AttractionOffer[]),
    journeys: (from, to, date) =>
      Promise.resolve(
        (journeys.get(routeKey(from.name, to.name)) ?? [])
          .filter((j) => j.date === null || j.date === date)
          .map((j) => withoutKey(j, "date") as JourneyOffer),
      ),
  };
}
