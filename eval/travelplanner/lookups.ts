import { beforeParen, nameCity } from "./plan-text.ts";
import type { Accommodation, Attraction, Restaurant, Sandbox } from "./sandbox.ts";

/**
 * The official lookup rule (EVAL_SPEC.md §1): rows whose name contains the plan's name as a plain,
 * case-sensitive substring and whose city equals the plan's city, in file order.
 */
function matching<T extends { name: string }>(rows: T[], name: string): T[] {
  return rows.filter((row) => row.name.includes(name));
}

export const findRestaurants = (sandbox: Sandbox, text: string): Restaurant[] => {
  const { name, city } = nameCity(text);
  return matching(sandbox.restaurantsIn(city), name);
};

export const findAttractions = (sandbox: Sandbox, text: string): Attraction[] => {
  const { name, city } = nameCity(text);
  return matching(sandbox.attractionsIn(city), name);
};

export const findAccommodations = (sandbox: Sandbox, text: string): Accommodation[] => {
  const { name, city } = nameCity(text);
  return matching(sandbox.accommodationsIn(city), name);
};

export type GroundMode = "self-driving" | "taxi";

/**
 * The cost of a road leg for one car (self-driving: a car of five, trunc(km × 0.05); taxi: a car of
 * four, trunc(km)), or null when the table has no such pair, no distance, or a duration in days.
 */
export function roadCost(
  sandbox: Sandbox,
  origin: string,
  destination: string,
  mode: GroundMode,
): number | null {
  const row = sandbox.distanceOf(beforeParen(origin), beforeParen(destination));
  if (!row || row.duration === "" || row.distance === "") return null;
  if (row.duration.includes("day")) return null;
  const km = Number(row.distance.replace("km", "").replaceAll(",", ""));
  if (!Number.isFinite(km)) return null;
  return Math.trunc(mode === "self-driving" ? km * 0.05 : km);
}

/** The flight number in `"Flight Number: F3573659, from …"`. */
export function flightNumberOf(text: string): string {
  const after = text.split("Flight Number: ")[1] ?? "";
  return after.split(",")[0] ?? "";
}
