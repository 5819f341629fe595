import type { Grounding } from "#shared/schemas/itinerary.ts";
import { realPlacesUnreachable, type ServiceFailure } from "#shared/service-failure.ts";
import type { DestinationLookup } from "../services/geo/geo-service.ts";
import { lookupFailureOf, type PlacesError } from "../services/places/places-service.ts";

/** What a keyless plan without real places is made of instead. */
export const USES_GENERAL_SUGGESTIONS = "so this plan uses general suggestions.";
/** What a model's plan without real places lacks. */
export const NOT_CHECKED = "so the places of this plan could not be checked on OpenStreetMap.";

/** The grounding of a plan made without real places, with the reason in words. */
export const unavailable = (reason: string, serviceFailure?: ServiceFailure): Grounding => ({
  status: "unavailable",
  verified: 0,
  total: 0,
  reason,
  ...(serviceFailure ? { serviceFailure } : {}),
});

/** OpenStreetMap (Overpass) failing, in the grounding's terms. */
export const placesFailure = (error: PlacesError): ServiceFailure => ({
  service: "openstreetmap",
  reason: lookupFailureOf(error),
});

/** A service that failed (rather than answered): which, how, and what the plan does without it. */
export const serviceFailed = (failure: ServiceFailure, consequence: string): Grounding =>
  unavailable(realPlacesUnreachable(failure, consequence), failure);

/**
 * The grounding of a plan whose destination has no place: "not found" only when the geocoder
 * answered so; a geocoder that did not answer is named, never read as a place that does not exist.
 */
export function unresolvedGrounding(lookup: DestinationLookup, consequence: string): Grounding {
  if (lookup.kind === "unavailable")
    return serviceFailed({ service: "geocoding", reason: lookup.reason }, consequence);
  return unavailable(`The destination could not be found on the map, ${consequence}`);
}

/** A grounding that also records the destination's geocoder failing (places off: no reason to give). */
export function withDestinationFailure(grounding: Grounding, lookup: DestinationLookup): Grounding {
  if (lookup.kind !== "unavailable" || grounding.serviceFailure) return grounding;
  return { ...grounding, serviceFailure: { service: "geocoding", reason: lookup.reason } };
}
