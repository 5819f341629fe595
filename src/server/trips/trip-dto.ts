import { DEFAULT_TRAVEL_MODE } from "#shared/schemas/travel.ts";
import { DEFAULT_PARTY } from "#shared/schemas/trip-party.ts";
import { withoutStaleDayFacts } from "#shared/day-facts.ts";
import type { TripRole } from "#shared/constants.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import type { TripSummary } from "#shared/schemas/trip-list.ts";
import type { TripRow } from "../db/schema.ts";
import { stopsWithCurrency, withCurrency } from "#shared/place-currency.ts";
import { sharePathFor } from "./share-token.ts";
import { withDurations } from "../planner/activity-duration.ts";

/**
 * The columns a card needs; raw queries give numeric as text, Drizzle as a number, and the hot
 * reads createdAt already as its ISO string (no date parsing per row).
 */
export type TripSummaryRow = Omit<
  TripRow,
  | "userId"
  | "itinerary"
  | "searchText"
  | "place"
  | "grounding"
  | "budget"
  | "createdAt"
  | "shareToken"
  | "stops"
  | "transport"
  | "stays"
  | "settlementCurrency"
  | "settlementCurrencyChosen"
  | "deletedAt"
> & {
  budget: number | string;
  createdAt: Date | string;
};

/** A trip row without its owner and search columns (what the detail query reads). */
export type TripDetailRow = TripSummaryRow &
  Pick<
    TripRow,
    | "itinerary"
    | "place"
    | "grounding"
    | "shareToken"
    | "stops"
    | "transport"
    | "stays"
    | "settlementCurrency"
  > &
  Partial<Pick<TripRow, "travelMode" | "party">>;

/** Who reads the trip: their role on it and the owner's name. */
export type TripAccess = { role: TripRole; ownerName: string };

/** A list card's view of a trip row (no itinerary). Never includes user_id. */
export function toTripSummaryDto(row: TripSummaryRow, access: TripAccess): TripSummary {
  return {
    id: row.id,
    name: row.name,
    destination: row.destination,
    startDate: row.startDate,
    endDate: row.endDate,
    budget: Number(row.budget),
    travelStyle: row.travelStyle as Trip["travelStyle"],
    interests: row.interests,
    status: row.status,
    isPublic: row.isPublic,
    createdAt: typeof row.createdAt === "string" ? row.createdAt : row.createdAt.toISOString(),
    version: row.version,
    role: access.role,
    owner: { name: access.ownerName },
  };
}

/**
 * A member's view of a trip row. Never includes user_id; the public link's path only for the owner
 * (sharing is theirs to manage).
 */
export function toTripDto(row: TripDetailRow, access: TripAccess): Trip {
  return {
    ...toTripSummaryDto(row, access),
    // Trips stored before activities had a length answer with an estimate for each, and those saved
    // before descriptions lost their dates read clean (see day-facts.ts).
    itinerary: withoutStaleDayFacts(withDurations(row.itinerary)),
    place: withCurrency(row.place),
    stops: stopsWithCurrency(row.stops),
    transport: row.transport,
    stays: row.stays,
    grounding: row.grounding,
    sharePath: row.shareToken && access.role === "owner" ? sharePathFor(row.shareToken) : null,
    settlementCurrency: row.settlementCurrency,
    travelMode: row.travelMode ?? DEFAULT_TRAVEL_MODE,
    party: row.party ?? DEFAULT_PARTY,
  };
}
