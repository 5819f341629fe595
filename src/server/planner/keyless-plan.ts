import type { Interest } from "#shared/constants.ts";
import type { Grounding, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { Logger } from "../lib/logger.ts";
import { safeErrorMessage } from "../lib/safe-error.ts";
import type { GenerateOptions } from "./itinerary-generator.ts";
import { GenerationError } from "./generation-error.ts";
import { PlacesError, type PlacesService } from "../services/places/places-service.ts";
import { planFromPlaces } from "./real-places-planner.ts";

/** What a traveller with no interests sees: the sights a first visit is usually about. */
export const GENERAL_INTERESTS: readonly Interest[] = [
  "Culture & Arts",
  "History",
  "Nature & Outdoors",
];

const GENERAL_SUGGESTIONS = "This plan uses general suggestions instead.";

/**
 * The interests real places are looked up for: the traveller's (or the general ones), and always
 * Food & Dining, since meals need places to eat whatever the interests.
 */
export const plannedInterests = (request: TripRequest): Interest[] => [
  ...new Set<Interest>([
    ...(request.interests.length > 0 ? request.interests : GENERAL_INTERESTS),
    "Food & Dining",
  ]),
];

/** Why a keyless plan could not be built from real places, as the trip page says it. */
export const UNRESOLVED_REASON =
  "The destination could not be found on the map, so this plan uses general suggestions.";

/** The grounding of a plan made without real places (the catalogue's), with the reason in words. */
export const unavailable = (reason: string): Grounding => ({
  status: "unavailable",
  verified: 0,
  total: 0,
  reason,
});

export type KeylessOutcome =
  { ok: true; itinerary: Itinerary; grounding: Grounding } | { ok: false; grounding: Grounding };

/**
 * The keyless plan from real places near the resolved destination, or why it cannot be had (the
 * caller then plans from the generic catalogue). Meals always need places to eat, so Food & Dining
 * is asked for whatever the interests. Outline and day events go to `options.onEvent` as the
 * offline planner sends them. An abort rejects with GenerationError("aborted").
 */
export async function planKeyless(
  services: { places: PlacesService; logger?: Logger | undefined },
  request: TripRequest,
  place: TripPlace | null,
  options: GenerateOptions,
): Promise<KeylessOutcome> {
  const { places, logger } = services;
  const { signal } = options;
  if (!place) return { ok: false, grounding: unavailable(UNRESOLVED_REASON) };
  const interests = plannedInterests(request);
  let candidates;
  try {
    candidates = await places.candidates(place, interests, { signal });
  } catch (error) {
    if (signal.aborted) throw new GenerationError("aborted", "aborted", { cause: error });
    const reason =
      error instanceof PlacesError
        ? `${error.message} ${GENERAL_SUGGESTIONS}`
        : `Places from OpenStreetMap could not be had. ${GENERAL_SUGGESTIONS}`;
    logger?.warn(
      {
        reason: error instanceof PlacesError ? error.reason : "internal",
        status: error instanceof PlacesError ? error.status : undefined,
        err: safeErrorMessage(error instanceof PlacesError ? (error.cause ?? error) : error),
      },
      "real places unavailable",
    );
    return { ok: false, grounding: unavailable(reason) };
  }

  const plan = planFromPlaces({ request, place, candidates });
  if (plan.verified === 0)
    return {
      ok: false,
      grounding: unavailable(
        `OpenStreetMap lists no open places near ${place.name} for this trip. ${GENERAL_SUGGESTIONS}`,
      ),
    };
  options.onEvent?.({ type: "outline", days: plan.outline });
  plan.itinerary.days.forEach((day, index) => options.onEvent?.({ type: "day", index, day }));
  const general = plan.total - plan.verified;
  return {
    ok: true,
    itinerary: plan.itinerary,
    grounding: {
      status: general === 0 ? "verified" : "partial",
      verified: plan.verified,
      total: plan.total,
      reason:
        general === 0
          ? null
          : `${general} of ${plan.total} visits are general suggestions: OpenStreetMap had too few places open at those times nearby.`,
    },
  };
}
