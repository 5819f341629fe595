import type { TripPlace } from "#shared/schemas/itinerary.ts";
import type { Cuisine, LodgingNeed, Meal, StayKind } from "#shared/trip-party.ts";

/**
 * Where the whole trip's offers come from (issue 47): stays, meals and journeys, each with its
 * price. The planner reads only this interface. Two adapters: OpenStreetMap with estimated prices
 * (the keyless default) and a table of offers with listed prices (the TravelPlanner sandbox, issue
 * 48, and any inventory service later). All prices are USD.
 */

/** A city as the planner knows it: its name as the traveller wrote it, and where it resolved. */
export type SourceCity = { name: string; place: TripPlace | null };

export type StayOffer = {
  /** Stable within a source ("osm:way/123", "table:17"), so Replace can leave out what is shown. */
  id: string;
  name: string;
  kind: StayKind;
  address: string | null;
  lat: number | null;
  lng: number | null;
  osmId: string | null;
  /** USD a night for one unit: a room, or the whole home for "entire-home". */
  pricePerNight: number;
  /** How many people one unit sleeps: rooms for the party are ceil(travellers / capacity). */
  capacity: number;
  /**
   * How many rooms (or homes) the place has, when the source says (OSM `rooms`): a party needing
   * more cannot stay there. Absent: not limited.
   */
  units?: number | null;
  /** The fewest nights the place takes (1 when the source does not say). */
  minimumNights: number;
  /** Needs the source says the place refuses (`pets=no`, "No smoking"): never chosen for them. */
  refuses: LodgingNeed[];
  /** Needs the source says the place accepts (`pets=yes`); others are unknown. */
  accepts: LodgingNeed[];
  /** True when the price is estimated (from style, stars and the country's price level). */
  estimated: boolean;
  stars: number | null;
};

export type MealOffer = {
  id: string;
  name: string;
  address: string | null;
  lat: number | null;
  lng: number | null;
  osmId: string | null;
  openingHours: string | null;
  /** The place's own website (http or https), when the source has one. */
  website?: string | null;
  /** The cuisines the place serves, as CUISINES names; empty when not known. */
  cuisines: Cuisine[];
  /** Which meals it suits: cafés and bakeries breakfast, restaurants lunch and dinner. */
  meals: Meal[];
  /** USD a person for a meal there. */
  costPerPerson: number;
  estimated: boolean;
};

/** A visit a table of offers lists (the keyless planner finds its own through PlacesService). */
export type AttractionOffer = {
  id: string;
  name: string;
  address: string | null;
  lat: number | null;
  lng: number | null;
  openingHours: string | null;
  /** USD a person; 0 when free or not stated. */
  costPerPerson: number;
};

export const JOURNEY_MODES = ["flight", "train", "coach", "self-driving", "taxi"] as const;
export type JourneyMode = (typeof JOURNEY_MODES)[number];

/** How a journey is priced: per person (a ticket) or per vehicle of `seats` (fuel, a taxi). */
export type JourneyPrice = { perPerson: number } | { perVehicle: number; seats: number };

export type JourneyOffer = {
  id: string;
  mode: JourneyMode;
  carrier: string | null;
  /** The flight or train number ("F3573659"), null when not known or by road. */
  number: string | null;
  from: string;
  to: string;
  /** Local wall-clock times (YYYY-MM-DDTHH:MM) at each end, when the source states them. */
  departAt: string | null;
  arriveAt: string | null;
  minutes: number;
  meters: number | null;
  price: JourneyPrice;
  estimated: boolean;
};

export interface TripSources {
  /** Where to sleep in a city, every candidate the source has (the planner filters and ranks). */
  stays(city: SourceCity): Promise<StayOffer[]>;
  /** Where to eat in a city. */
  meals(city: SourceCity): Promise<MealOffer[]>;
  /** The ways from one city to another on a date (YYYY-MM-DD), every mode the source knows. */
  journeys(from: SourceCity, to: SourceCity, date: string): Promise<JourneyOffer[]>;
  /**
   * The visits a table of offers lists for a city. Absent: the planner finds visits as it does
   * today (PlacesService, Overpass).
   */
  attractions?(city: SourceCity): Promise<AttractionOffer[]>;
}
