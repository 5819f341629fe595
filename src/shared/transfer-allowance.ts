import { distanceKm, type Point } from "./geo.ts";

/*
 * How long a journey between two stops takes when no transport is saved: straight-line distance at
 * rough speeds, no routing service. Shared so the planner leaves this much time on a transfer day and
 * the trip page says the same words ("Allow about 5 h to get from Paris to Lyon").
 */

/** Door to door on the ground (train, car, coach), stations and traffic included. */
export const GROUND_SPEED_KMH = 80;
/** Beyond this straight-line distance a traveller flies. */
export const GROUND_MAX_KM = 700;
/** A jet's average over a whole flight, climb and descent included. */
export const FLIGHT_SPEED_KMH = 750;
/** Getting to the airport, security, boarding, and out at the other end. */
export const AIRPORT_HOURS = 3;

export type TransferMode = "ground" | "flight";

export type TransferAllowance = {
  km: number;
  mode: TransferMode;
  /** Unrounded: the planner's clock. */
  minutes: number;
  /** What the day shows. */
  text: string;
};

/** "45 min", "2 h", "4.5 h": to the quarter hour under an hour, to the half hour beyond. */
export function formatAllowance(minutes: number): string {
  if (minutes < 45) return `${Math.max(15, Math.round(minutes / 15) * 15)} min`;
  const hours = Math.max(1, Math.round(minutes / 30) / 2);
  return `${hours} h`;
}

export function transferMinutes(km: number): { mode: TransferMode; minutes: number } {
  if (km <= GROUND_MAX_KM) return { mode: "ground", minutes: (km / GROUND_SPEED_KMH) * 60 };
  return { mode: "flight", minutes: (km / FLIGHT_SPEED_KMH + AIRPORT_HOURS) * 60 };
}

/** The journey from one stop's place to the next's, by distance. */
export function transferAllowance(
  from: Point & { name: string },
  to: Point & { name: string },
): TransferAllowance {
  const km = distanceKm(from, to);
  const { mode, minutes } = transferMinutes(km);
  return {
    km,
    mode,
    minutes,
    text: `Allow about ${formatAllowance(minutes)} to get from ${from.name} to ${to.name}`,
  };
}
