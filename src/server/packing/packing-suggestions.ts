import { countryCodeOf } from "#shared/country-code.ts";
import { weatherKind } from "#shared/forecast.ts";
import type { PackingSuggestion } from "#shared/schemas/packing.ts";
import type { TripForecast } from "#shared/schemas/trip-forecast.ts";
import type { TripRow } from "../db/schema.ts";
import { mainsOf } from "./world-plugs.ts";

type Item = { name: string; category: string };
/** One reason for a few items; the same item from several reasons keeps them all. */
type Found = { items: Item[]; reason: string };

const dayText = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

const daysText = (dates: string[]) => {
  const shown = dates.slice(0, 3).map(dayText);
  const more = dates.length - shown.length;
  if (more > 0) return `${shown.join(", ")} and ${more} more`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}` : shown[0];
};

const RAIN: Item[] = [
  { name: "Raincoat", category: "Clothing" },
  { name: "Umbrella", category: "Gear" },
];
const SNOW: Item[] = [{ name: "Waterproof winter gear", category: "Clothing" }];
const FREEZING: Item[] = [
  { name: "Heavy coat", category: "Clothing" },
  { name: "Thermal layers", category: "Clothing" },
  { name: "Hat", category: "Clothing" },
  { name: "Gloves", category: "Clothing" },
  { name: "Scarf", category: "Clothing" },
];
const COLD: Item[] = [
  { name: "Warm coat", category: "Clothing" },
  { name: "Sweater", category: "Clothing" },
];
const COOL: Item[] = [{ name: "Light jacket or sweater", category: "Clothing" }];
const WARM: Item[] = [
  { name: "Light breathable clothing", category: "Clothing" },
  { name: "Sunscreen", category: "Toiletries" },
  { name: "Sunglasses", category: "Gear" },
];

/**
 * SPEC 9's clothing rules on each forecast day of the trip (°F, the day's shown temperature, as the
 * forecast card advises): rain, snow, then the temperature bands. Light clothes and sunscreen only
 * on a dry warm day; a cold rainy day wants the coat and the umbrella both.
 */
export function weatherSuggestions(forecast: TripForecast): Found[] {
  const rules = new Map<string, { items: Item[]; text: string; dates: string[] }>();
  const note = (key: string, items: Item[], text: string, date: string) => {
    const rule = rules.get(key) ?? { items, text, dates: [] };
    rule.dates.push(date);
    rules.set(key, rule);
  };
  for (const day of forecast.days) {
    const f = day.forecast;
    if (!f) continue;
    const where = day.location ?? forecast.location;
    const place = where ? ` in ${where}` : "";
    const kind = weatherKind(f.condition);
    const temp = Math.round(f.tempF);
    if (kind === "rain") note("rain", RAIN, `Rain forecast${place}`, day.date);
    if (kind === "snow") note("snow", SNOW, `Snow forecast${place}`, day.date);
    if (temp < 32) note("freezing", FREEZING, `Below 32°F forecast${place}`, day.date);
    else if (temp < 50) note("cold", COLD, `Below 50°F forecast${place}`, day.date);
    else if (temp < 68) note("cool", COOL, `Below 68°F forecast${place}`, day.date);
    else if (kind === "other") note("warm", WARM, `68°F or warmer forecast${place}`, day.date);
  }
  return [...rules.values()].map((r) => ({
    items: r.items,
    reason: `${r.text} on ${daysText(r.dates)}`,
  }));
}

const ACTIVITY_RULES: { pattern: RegExp; items: Item[] }[] = [
  {
    pattern: /\b(beach|plage|playa|seaside|snorkel\w*|swim\w*|lido)\b/i,
    items: [
      { name: "Swimsuit", category: "Clothing" },
      { name: "Beach towel", category: "Gear" },
      { name: "Sunscreen", category: "Toiletries" },
      { name: "Flip-flops", category: "Footwear" },
    ],
  },
  {
    pattern: /\b(hike|hikes|hiking|trek\w*|trail|trails|summit|mountain walk)\b/i,
    items: [
      { name: "Hiking boots", category: "Footwear" },
      { name: "Daypack", category: "Gear" },
      { name: "Water bottle", category: "Gear" },
    ],
  },
  {
    pattern: /\b(formal dinner|fine dining|gala|black tie|opera|michelin|dress code)\b/i,
    items: [
      { name: "Formal outfit", category: "Clothing" },
      { name: "Dress shoes", category: "Footwear" },
    ],
  },
];

/** A beach, a hike or a formal dinner in the plan, named with its day. */
export function activitySuggestions(trip: Pick<TripRow, "itinerary">): Found[] {
  const found: Found[] = [];
  for (const rule of ACTIVITY_RULES) {
    for (const day of trip.itinerary?.days ?? []) {
      const hit = day.activities.find((a) =>
        rule.pattern.test(`${a.activity} ${a.location} ${a.description}`),
      );
      if (!hit) continue;
      found.push({ items: rule.items, reason: `For "${hit.activity}" on ${dayText(day.date)}` });
      break;
    }
  }
  return found;
}

type Country = { code: string; name: string };

const countryName = (code: string) =>
  new Intl.DisplayNames(["en"], { type: "region", fallback: "code" }).of(code) ?? code;

/** The trip's countries, in the order of its stops (one stop: the trip's place). */
export function tripCountries(trip: Pick<TripRow, "stops" | "place">): Country[] {
  const places = trip.stops.length > 1 ? trip.stops.map((s) => s.place) : [trip.place];
  const codes = places.flatMap((p) => {
    const code = countryCodeOf(p?.country);
    return code ? [code] : [];
  });
  return [...new Set(codes)].map((code) => ({ code, name: countryName(code) }));
}

/** The country a journey's end is in, when it names one of the trip's stops. */
function countryOfEnd(trip: Pick<TripRow, "stops" | "place">, end: string): string | null {
  const text = end.toLowerCase();
  const stops = trip.stops.length > 0 ? trip.stops : [];
  for (const stop of stops) {
    const name = stop.destination.toLowerCase().split(",")[0]!.trim();
    if (name && (text.includes(name) || name.includes(text)))
      return countryCodeOf((stop.place ?? trip.place)?.country);
  }
  return null;
}

/** Passport and tickets for a flight, or for a train between two countries. */
export function journeySuggestions(trip: Pick<TripRow, "transport" | "stops" | "place">): Found[] {
  const found: Found[] = [];
  const flight = trip.transport.find((j) => j.mode === "flight");
  if (flight)
    found.push({
      items: [
        { name: "Passport", category: "Documents" },
        { name: "Flight tickets", category: "Documents" },
      ],
      reason: `For the flight from ${flight.from} to ${flight.to} on ${dayText(flight.departAt.slice(0, 10))}`,
    });
  const abroad = trip.transport.find((j) => {
    if (j.mode !== "train") return false;
    const from = countryOfEnd(trip, j.from);
    const to = countryOfEnd(trip, j.to);
    return from !== null && to !== null && from !== to;
  });
  if (abroad)
    found.push({
      items: [
        { name: "Passport", category: "Documents" },
        { name: "Train tickets", category: "Documents" },
      ],
      reason: `For the international train from ${abroad.from} to ${abroad.to} on ${dayText(abroad.departAt.slice(0, 10))}`,
    });
  return found;
}

/** A plug adapter and a word on voltage where the destination's differ from home's (IEC list). */
export function plugSuggestions(countries: Country[], homeCode: string): Found[] {
  const home = mainsOf(homeCode);
  if (!home) return [];
  const homeName = countryName(homeCode);
  const found: Found[] = [];
  for (const country of countries) {
    const there = mainsOf(country.code);
    if (!there || country.code === homeCode.toUpperCase()) continue;
    if (!there.types.some((type) => home.types.includes(type)))
      found.push({
        items: [{ name: `Plug adapter (type ${there.types.join("/")})`, category: "Electronics" }],
        reason: `${country.name} uses plug types ${there.types.join(", ")}; ${homeName} uses ${home.types.join(", ")} (IEC World Plugs)`,
      });
    if (there.volts !== home.volts)
      found.push({
        items: [{ name: `Voltage converter (${there.volts} V)`, category: "Electronics" }],
        reason: `${country.name}'s mains are ${there.volts} V ${there.hertz} Hz, ${homeName}'s ${home.volts} V ${home.hertz} Hz: chargers marked 100–240 V need none (IEC World Plugs)`,
      });
  }
  return found;
}

/**
 * Every suggestion once (by name, any case), with all its reasons, leaving out what the lists
 * already hold.
 */
export function mergeSuggestions(found: Found[], already: string[]): PackingSuggestion[] {
  const held = new Set(already.map((n) => n.trim().toLowerCase()));
  const byName = new Map<string, PackingSuggestion>();
  for (const { items, reason } of found)
    for (const item of items) {
      const key = item.name.toLowerCase();
      if (held.has(key)) continue;
      const known = byName.get(key);
      if (known) {
        if (!known.reason.includes(reason)) known.reason = `${known.reason}; ${reason}`;
      } else byName.set(key, { name: item.name, category: item.category, reason });
    }
  return [...byName.values()];
}
