import { formatDuration } from "./format.ts";
import { distanceKm, type Point } from "./geo.ts";
import type { StopJourney } from "./schemas/trip-stops.ts";

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
  /** The same in hours, unrounded. */
  hours: number;
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
    hours: minutes / 60,
    text: `Allow about ${formatAllowance(minutes)} to get from ${from.name} to ${to.name}`,
  };
}

/** A routed journey's time as the day says it: to five minutes ("2 h 15 min"). */
const aboutMinutes = (minutes: number) => formatDuration(Math.max(5, Math.round(minutes / 5) * 5));

/**
 * The journey the routers found between two stops (issue 46), in the day's words: "Allow about
 * 2 h 15 min by train (TGV INOUI 6613, Paris Gare de Lyon 10:04 → Lyon Part-Dieu 12:00)", or "Allow
 * about 4 h 40 min by road to get from Paris to Lyon".
 */
export function routedAllowance(
  journey: StopJourney,
  from: Point & { name: string },
  to: Point & { name: string },
): TransferAllowance {
  const about = `Allow about ${aboutMinutes(journey.minutes)}`;
  const ride =
    journey.line && journey.board && journey.alight && journey.boardAt && journey.alightAt
      ? ` (${journey.line}, ${journey.board} ${journey.boardAt} → ${journey.alight} ${journey.alightAt})`
      : "";
  return {
    km: distanceKm(from, to),
    mode: "ground",
    minutes: journey.minutes,
    hours: journey.minutes / 60,
    text:
      journey.mode === "road"
        ? `${about} by road to get from ${from.name} to ${to.name}`
        : `${about} by ${journey.mode}${ride}`,
  };
}
