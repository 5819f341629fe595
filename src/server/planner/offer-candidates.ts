import type { TripPlace } from "#shared/schemas/itinerary.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import { MAX_PROMPT_CANDIDATES, type PromptPlace } from "./prompts.ts";
import { PlacesError, type Place, type PlacesService } from "../services/places/places-service.ts";
import { plannedInterests } from "./keyless-planner.ts";
import type { CandidatesOutcome } from "./match-places.ts";
import type { GenerateOptions } from "./itinerary-generator.ts";

/**
 * How long a model waits for the candidates before it plans without them: a cold Overpass can take
 * seconds, and the model's own minutes matter more. The lookup goes on and the matcher uses it.
 */
export const CANDIDATES_WAIT_MS = 2500;

/**
 * The candidates near the destination for a model's plan, fetched once: `all` is the whole answer
 * (for matching), `inTime()` what arrived within `waitMs` (for the prompt; empty when late or failed).
 * An unresolved destination has none (and sends no request).
 */
export function offerCandidates(input: {
  places: PlacesService;
  placeReady: Promise<TripPlace | null>;
  request: TripRequest;
  signal: AbortSignal;
  waitMs?: number;
  /** Hears when the lookup starts and ends (the progress says so). */
  onEvent?: GenerateOptions["onEvent"];
}) {
  const { places, request, signal, onEvent } = input;
  const all: Promise<CandidatesOutcome> = input.placeReady.then(async (place) => {
    if (!place) return { ok: true, places: [] };
    onEvent?.({ type: "places", status: "looking", name: place.name });
    try {
      return {
        ok: true,
        places: await places.candidates(place, plannedInterests(request), { signal }),
      };
    } catch (error) {
      return {
        ok: false,
        error:
          error instanceof PlacesError
            ? error
            : new PlacesError("bad_response", null, { cause: error }),
      };
    } finally {
      if (!signal.aborted) onEvent?.({ type: "places", status: "done", name: place.name });
    }
  });
  return {
    places,
    all,
    async inTime(): Promise<Place[]> {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), input.waitMs ?? CANDIDATES_WAIT_MS);
      });
      try {
        const outcome = await Promise.race([all, late]);
        return outcome?.ok ? outcome.places : [];
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * At most MAX_PROMPT_CANDIDATES places for the prompt, taken in turn from each interest (best first
 * within it), so a long list of museums cannot crowd out every place to eat.
 */
export function promptCandidates(
  candidates: readonly Place[],
  max = MAX_PROMPT_CANDIDATES,
): PromptPlace[] {
  const byInterest = new Map<string, Place[]>();
  for (const place of candidates) {
    const interest = place.interests?.[0] ?? "";
    byInterest.set(interest, [...(byInterest.get(interest) ?? []), place]);
  }
  const queues = [...byInterest.values()];
  const picked: Place[] = [];
  for (let round = 0; picked.length < max; round++) {
    const row = queues.map((q) => q[round]).filter((p): p is Place => p !== undefined);
    if (row.length === 0) break;
    picked.push(...row.slice(0, max - picked.length));
  }
  return picked.map((p) => ({
    osmId: p.osmId,
    name: p.name,
    kind: p.kind,
    openingHours: p.openingHours,
  }));
}
