import { randomUUID } from "node:crypto";
import type { Activity } from "#shared/schemas/itinerary.ts";
import type { Stay, Transport } from "#shared/schemas/trip-stops.ts";
import type { Meal } from "#shared/trip-party.ts";
import { attractionItems, beforeParen, fromTo, isSet, nameCity } from "./plan-text.ts";
import type { ProductPlan } from "./plan-writer.ts";
import type { PlanDay, TravelPlannerQuery } from "./types.ts";

/**
 * A plan in the benchmark's format read into Boundless's itinerary, journeys and stays: what the
 * writer's round-trip test starts from (the 45 human train plans). Times are chosen so that what
 * the plan puts in the city left comes before the departure and the rest after it.
 */

const MEALS: Meal[] = ["breakfast", "lunch", "dinner"];
const hhmm = (minutes: number) => {
  const m = Math.min(Math.max(Math.round(minutes), 0), 23 * 60 + 59);
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};
const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const nextDate = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function activityOf(
  item: { name: string; meal?: Meal },
  time: string,
  stopIndex: number,
): Activity {
  return {
    id: randomUUID(),
    time,
    activity: item.meal ? `${item.meal} at ${item.name}` : item.name,
    location: item.name,
    description: "",
    cost: null,
    durationMinutes: 60,
    lat: null,
    lng: null,
    why: null,
    osmId: null,
    openingHours: null,
    website: null,
    stopIndex,
    ...(item.meal ? { meal: item.meal } : {}),
  };
}

function journeyOf(text: string, date: string): Transport | null {
  const route = fromTo(text);
  if (!route) return null;
  const from = beforeParen(route.from).trim();
  const to = beforeParen(route.to).trim();
  const flight = /Flight Number:\s*([^,]+)/.exec(text);
  const dep = /Departure Time:\s*(\d{2}:\d{2})/.exec(text)?.[1] ?? "12:00";
  const arr = /Arrival Time:\s*(\d{2}:\d{2})/.exec(text)?.[1] ?? "13:00";
  const base = {
    id: randomUUID(),
    from,
    to,
    departZone: "UTC",
    arriveZone: "UTC",
    reference: null,
    notes: null,
    planned: true,
  };
  if (flight)
    return {
      ...base,
      mode: "flight",
      carrier: null,
      number: flight[1]?.trim() ?? null,
      departAt: `${date}T${dep}`,
      arriveAt: `${arr < dep ? nextDate(date) : date}T${arr}`,
    };
  return {
    ...base,
    mode: "car",
    carrier: /taxi/i.test(text) ? "Taxi" : "Own car",
    number: null,
    departAt: `${date}T12:00`,
    arriveAt: `${date}T13:00`,
  };
}

export function readBenchmarkPlan(query: TravelPlannerQuery, plan: PlanDay[]): ProductPlan {
  const stops: { destination: string }[] = [];
  const stopOf = (city: string) => {
    let at = stops.findIndex((s) => s.destination === city);
    if (at < 0 && city !== query.org) {
      stops.push({ destination: city });
      at = stops.length - 1;
    }
    return Math.max(at, 0);
  };
  const transport: Transport[] = [];
  const stays: Stay[] = [];
  const days = plan.slice(0, query.days).map((raw, i) => {
    const date = query.date[i] ?? query.date[query.date.length - 1] ?? "";
    const text = (key: string) => (isSet(raw[key]) ? raw[key] : null);
    const journey = text("transportation") ? journeyOf(text("transportation") ?? "", date) : null;
    if (journey) transport.push(journey);
    const current = typeof raw.current_city === "string" ? raw.current_city : "";
    const route = fromTo(current);
    const here = beforeParen(route ? route.to : current).trim();
    const dayStops = route
      ? [beforeParen(route.from).trim(), here].filter((c) => c !== query.org).map(stopOf)
      : [stopOf(here)];
    const items: { name: string; city: string; meal?: Meal }[] = [];
    for (const meal of MEALS) {
      const value = text(meal);
      if (value) items.push({ ...nameCity(value), meal });
    }
    const visits = text("attraction");
    if (visits)
      for (const item of attractionItems(visits)) if (item.trim()) items.push(nameCity(item));
    // Meals keep their order of the day with the visits between breakfast and lunch.
    const ordered = [
      ...items.filter((x) => x.meal === "breakfast"),
      ...items.filter((x) => !x.meal),
      ...items.filter((x) => x.meal === "lunch"),
      ...items.filter((x) => x.meal === "dinner"),
    ];
    const dep = journey ? toMinutes(journey.departAt.slice(11, 16)) : 8 * 60;
    const before = ordered.filter((x) => journey && x.city === journey.from);
    const after = ordered.filter((x) => !before.includes(x));
    const activities = [
      ...before.map((x, k) => activityOf(x, hhmm(dep - (before.length - k)), stopOf(x.city))),
      ...after.map((x, k) => activityOf(x, hhmm(dep + k), stopOf(x.city))),
    ];
    const stay = text("accommodation");
    if (stay) {
      const { name, city } = nameCity(stay);
      const last = stays[stays.length - 1];
      if (last && last.name === name && last.checkOut === date) last.checkOut = nextDate(date);
      else
        stays.push({
          id: randomUUID(),
          stopIndex: stopOf(city),
          name,
          address: null,
          checkIn: date,
          checkOut: nextDate(date),
          lat: null,
          lng: null,
          osmId: null,
          reference: null,
          planned: true,
        });
    }
    return { date, stops: dayStops.slice(0, 2), activities };
  });
  return { origin: query.org, stops, itinerary: { days }, transport, stays };
}
