import type { Routing } from "../routing/routing-types.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { TripSources } from "../sources/trip-sources.ts";
import type { Grounding, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import type { RealismWarning } from "#shared/realism-warning.ts";
import type { Stay, Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import type { Cuisine } from "#shared/trip-party.ts";
import type { PartyCost } from "./fit-budget.ts";
import type { Logger } from "../lib/logger.ts";
import type { GeoService } from "../services/geo/geo-service.ts";
import type { ModelUsage } from "../services/llm/usage.ts";
import type { PlacesService } from "../services/places/places-service.ts";
import type { ItineraryGenerator } from "./itinerary-generator.ts";

// What planning takes and gives, apart from plan-trip.ts and plan-stops.ts, which both use them.

/**
 * What planning needs: a subset of AppDeps, so the evaluation can plan without the HTTP app.
 * `places`: real places for the keyless planner; absent or disabled, it plans from its catalogue.
 */
export type PlanningServices = {
  ai: ItineraryGenerator;
  geo: GeoService;
  logger?: Logger;
  places?: PlacesService;
  /** The routers: a trip of several stops asks them for the journeys between its cities (issue 46). */
  routing?: Routing;
  /**
   * Where the whole trip's stays, meals and journeys come from (issue 47): absent, OpenStreetMap
   * with estimated prices; the TravelPlanner evaluation hands its sandbox tables (issue 48).
   */
  sources?: (request: TripRequest) => TripSources;
};

export type PlanTripResult = {
  itinerary: Itinerary;
  place: TripPlace | null;
  usage: ModelUsage;
  /** What is still unrealistic after the one repair call (saved and shown, never a refusal). */
  warnings: RealismWarning[];
  /**
   * How much of the plan is real OpenStreetMap places. Keyless: "verified"/"partial" for a plan from
   * real places, "unavailable" (with the reason) when they could not be had and the catalogue
   * planned. A model's plan: every activity matched to OpenStreetMap, `verified` of `total` matched
   * ("verified" when all are, "partial" otherwise), "unavailable" with the reason when places could
   * not be had (Overpass failing, the destination not found). "off" when OVERPASS_URL=off.
   */
  grounding: Grounding;
  /** A trip of several stops: each with its dates and its resolved place (absent: one stop). */
  stops?: TripStop[];
  /** The planned stays, one a stop where a source had one meeting the party (issue 47). */
  stays?: Stay[];
  /** The planned journeys out and home (with an origin). */
  transport?: Transport[];
  /** What the whole trip costs the party, and the cuisines its meals cover. */
  wholeTrip?: { cost: PartyCost; covered: Cuisine[]; repeats: number };
};
