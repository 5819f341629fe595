import type { Interest } from "#shared/constants.ts";
import type { Day, Grounding, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { Logger } from "../lib/logger.ts";
import { safeErrorMessage } from "../lib/safe-error.ts";
import { PlacesError, type Place, type PlacesService } from "../services/places/places-service.ts";
import type { DestinationLookup } from "../services/geo/geo-service.ts";
import { createCataloguePlanner } from "./catalogue-planner.ts";
import { GenerationError } from "./generation-error.ts";
import type {
  GenerateOptions,
  ItineraryGenerator,
  RegenerateDayInput,
} from "./itinerary-generator.ts";
import { planFromPlaces } from "./real-places-planner.ts";
import { withIdeas } from "./planning-ideas.ts";
import { INSTRUCTION_NEEDS_MODEL, readWishes, wishesNote } from "./instruction-wishes.ts";
import {
  placesFailure,
  serviceFailed,
  unavailable,
  unresolvedGrounding,
  USES_GENERAL_SUGGESTIONS,
} from "./grounding-reasons.ts";

/** What a traveller with no interests sees: the sights a first visit is usually about. */
const GENERAL_INTERESTS: readonly Interest[] = ["Culture & Arts", "History", "Nature & Outdoors"];

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

type PlacesUse = { places: PlacesService; logger?: Logger | undefined };

type KeylessOutcome =
  { ok: true; itinerary: Itinerary; grounding: Grounding } | { ok: false; grounding: Grounding };

const NO_USAGE = { calls: 0, promptTokens: 0, completionTokens: 0 };

/**
 * The real places near the destination for the trip's interests; an abort rejects with
 * GenerationError. `onEvent` hears when the lookup starts and ends (the progress says so).
 */
async function nearbyPlaces(
  places: PlacesService,
  place: TripPlace,
  request: TripRequest,
  signal: AbortSignal,
  onEvent?: GenerateOptions["onEvent"],
): Promise<Place[]> {
  onEvent?.({ type: "places", status: "looking", name: place.name });
  try {
    return await places.candidates(place, plannedInterests(request), { signal });
  } catch (error) {
    if (signal.aborted) throw new GenerationError("aborted", "aborted", { cause: error });
    throw error;
  } finally {
    if (!signal.aborted) onEvent?.({ type: "places", status: "done", name: place.name });
  }
}

/**
 * The keyless plan from real places near the resolved destination, or why it cannot be had (the
 * catalogue then plans). Outline and day events go to `options.onEvent` as the catalogue sends them.
 */
async function planFromRealPlaces(
  { places, logger }: PlacesUse,
  request: TripRequest,
  lookup: DestinationLookup,
  options: GenerateOptions,
): Promise<KeylessOutcome> {
  if (lookup.kind !== "found")
    return { ok: false, grounding: unresolvedGrounding(lookup, USES_GENERAL_SUGGESTIONS) };
  const { place } = lookup;
  let candidates;
  try {
    candidates = await nearbyPlaces(places, place, request, options.signal, options.onEvent);
  } catch (error) {
    if (error instanceof GenerationError) throw error;
    const grounding =
      error instanceof PlacesError
        ? serviceFailed(placesFailure(error), USES_GENERAL_SUGGESTIONS)
        : unavailable(`Places from OpenStreetMap could not be had. ${GENERAL_SUGGESTIONS}`);
    logger?.warn(
      {
        reason: error instanceof PlacesError ? error.reason : "internal",
        status: error instanceof PlacesError ? error.status : undefined,
        err: safeErrorMessage(error instanceof PlacesError ? (error.cause ?? error) : error),
      },
      "real places unavailable",
    );
    return { ok: false, grounding };
  }

  const plan = planFromPlaces({ request, place, candidates, windows: options.windows });
  if (plan.verified === 0)
    return {
      ok: false,
      grounding: unavailable(
        `OpenStreetMap lists no open places near ${place.name} for this trip. ${GENERAL_SUGGESTIONS}`,
      ),
    };
  options.onEvent?.({ type: "outline", days: plan.outline });
  plan.itinerary.days.forEach((day, index) =>
    options.onEvent?.({ type: "day", index, day, placed: true }),
  );
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

const textKey = (text: string) =>
  text.normalize("NFKD").replace(/\p{M}/gu, "").trim().replace(/\s+/g, " ").toLowerCase();

/** Whether a candidate is already visited by one of these days (same element, or same name). */
function usedBy(days: readonly Day[]) {
  const ids = new Set<string>();
  const names = new Set<string>();
  for (const a of days.flatMap((d) => d.activities)) {
    if (a.osmId) ids.add(a.osmId);
    names.add(textKey(a.location));
  }
  return (p: Place) => ids.has(p.osmId) || names.has(textKey(p.name));
}

/**
 * A day from real places: none the other days visit, and preferably none of the day's own (a fresh
 * day), each open at its time. Null when OpenStreetMap has nothing that fits.
 */
async function dayFromRealPlaces(
  places: PlacesService,
  input: RegenerateDayInput & { place: TripPlace },
  signal: AbortSignal,
): Promise<{ day: Day; note: string | null } | null> {
  // What the instruction's words ask for: more kinds of places, another shape of day.
  const wishes = readWishes(input.instruction);
  const lookup = {
    ...input.request,
    interests: [...new Set([...input.request.interests, ...wishes.interests])],
  };
  const { candidates, favour } = withIdeas(
    await nearbyPlaces(places, input.place, lookup, signal),
    input.ideas,
  );
  const others = input.itinerary.days.filter((d) => d.date !== input.date);
  const own = input.itinerary.days.filter((d) => d.date === input.date);
  const takenElsewhere = usedBy(others);
  const takenHere = usedBy(own);
  const request = {
    ...lookup,
    startDate: input.date,
    endDate: input.date,
    travelStyle: wishes.cheaper ? ("budget" as const) : input.request.travelStyle,
  };
  for (const pool of [
    candidates.filter((p) => !takenElsewhere(p) && !takenHere(p)),
    candidates.filter((p) => !takenElsewhere(p)),
  ]) {
    const plan = planFromPlaces({
      request,
      place: input.place,
      candidates: pool,
      wishes,
      windows: input.windows,
      favour,
    });
    const day = plan.itinerary.days[0];
    if (day && plan.verified > 0) return { day, note: wishesNote(input.instruction, wishes) };
  }
  return null;
}

/**
 * Planning without a model: from real places near the destination when places are on and it was
 * found, from the catalogue otherwise (with the reason in the grounding). A regenerated day likewise.
 */
export function createKeylessPlanner(): ItineraryGenerator {
  const catalogue = createCataloguePlanner();
  return {
    mode: catalogue.mode,
    async generate(request, options) {
      const places = options.nearby?.places?.enabled ? options.nearby.places : null;
      if (!places || !options.nearby) return catalogue.generate(request, options);
      const lookup = await options.nearby.place;
      const use = { places, logger: options.nearby.logger };
      const planned = await planFromRealPlaces(use, request, lookup, options);
      if (planned.ok)
        return {
          itinerary: planned.itinerary,
          usage: NO_USAGE,
          grounding: planned.grounding,
          fromRealPlaces: true,
        };
      return { ...(await catalogue.generate(request, options)), grounding: planned.grounding };
    },
    async regenerateDay(input, options) {
      const places = input.nearby?.places?.enabled ? input.nearby.places : null;
      const { place } = input;
      if (places && place) {
        try {
          const planned = await dayFromRealPlaces(places, { ...input, place }, options.signal);
          if (planned) return { ...planned, usage: NO_USAGE, fromRealPlaces: true };
        } catch (error) {
          if (error instanceof GenerationError) throw error;
          input.nearby?.logger?.warn(
            {
              reason: error instanceof PlacesError ? error.reason : "internal",
              err: safeErrorMessage(error),
            },
            "real places unavailable for a regenerated day",
          );
        }
      }
      // The catalogue reads no instruction: the preview says so.
      const day = await catalogue.regenerateDay(input, options);
      return { ...day, note: input.instruction?.trim() ? INSTRUCTION_NEEDS_MODEL : null };
    },
    repairDays: (input, options) => catalogue.repairDays(input, options),
  };
}
