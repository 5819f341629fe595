import type { Interest } from "#shared/constants.ts";
import { distanceKm } from "#shared/geo.ts";
import type { Db } from "../../db/database.ts";
import type { Logger } from "../../lib/logger.ts";
import { safeErrorMessage } from "../../lib/safe-error.ts";
import { INTEREST_RADIUS_M, INTEREST_TAGS, isInterest } from "./interest-tags.ts";
import {
  byNotabilityThenDistance,
  namedElements,
  toPlace,
  type OsmElement,
} from "./osm-element.ts";
import type { OverpassClient } from "./overpass-client.ts";
import { candidatesQuery, idsQuery, nameQuery } from "./overpass-query.ts";
import { createPlacesCache, destinationPoint, nameKey, type CachedAnswer } from "./places-cache.ts";
import { TRIP_SET_RADIUS_M, TRIP_SET_TAGS, tripSetKey } from "./trip-tags.ts";
import { PlacesError, type LatLng, type Place, type PlacesService } from "./places-service.ts";

/** `out … N` for one interest: enough to plan a fortnight from, small enough for the public instance. */
export const CANDIDATES_PER_INTEREST = 200;
/** A search by name looks this far around the destination (a day trip away). */
export const NAME_SEARCH_RADIUS_M = 15_000;
const NAME_SEARCH_LIMIT = 50;
/** At most this many elements asked for by id in one request (an edit of a long trip at most). */
export const MAX_IDS_PER_REQUEST = 200;

/** Lower-cased, accents and extra spaces removed: "Musée  du Louvre" and "musee du louvre" match. */
export const normalizeName = (text: string) =>
  text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

/** 0: the same name; 1: it starts with the text; 2: it contains it; null: no match. */
function matchRank(name: string, text: string): number | null {
  const n = normalizeName(name);
  if (n === text) return 0;
  if (n.startsWith(text)) return 1;
  return n.includes(text) ? 2 : null;
}

/** Places matching `text` (normalised), best match first, then notable, then nearest. */
function rankByName(places: Place[], text: string, near: LatLng): Place[] {
  const order = byNotabilityThenDistance(near);
  return places
    .map((place) => ({ place, rank: matchRank(place.name, text) }))
    .filter((m): m is { place: Place; rank: number } => m.rank !== null)
    .sort((a, b) => a.rank - b.rank || order(a.place, b.place))
    .map((m) => m.place);
}

const placesOf = (elements: readonly unknown[]) => namedElements(elements).map(toPlace);

export type OverpassPlacesOptions = {
  db: Db;
  logger: Logger;
  client: OverpassClient;
  /**
   * The time one call of the service may take, all of it (waits for a free slot, the retry and its
   * delay included): past it the call fails with PlacesError("timeout"). Unset: each attempt is
   * bounded by the client's own timeout only.
   */
  budgetMs?: number;
  now?: () => number;
};

/** The caller's signal, and the one the lookup runs under (the caller's, ended by the budget too). */
type Signals = { caller: AbortSignal; lookup: AbortSignal; budget: AbortSignal | null };

/** The places service over the Overpass API and the database cache (see PlacesService). */
export function createOverpassPlaces(options: OverpassPlacesOptions): PlacesService {
  const { logger, client } = options;
  const signalsOf = (caller: AbortSignal): Signals => {
    if (options.budgetMs === undefined) return { caller, lookup: caller, budget: null };
    const budget = AbortSignal.timeout(options.budgetMs);
    return { caller, lookup: AbortSignal.any([caller, budget]), budget };
  };
  /** The budget running out is a timeout of the service, not the caller giving up. */
  const asPlacesError = (error: unknown, signals: Signals): unknown =>
    signals.budget?.aborted && !signals.caller.aborted && !(error instanceof PlacesError)
      ? new PlacesError("timeout", null, { cause: error })
      : error;
  const cache = createPlacesCache(options.db, options.now);
  // Two trips asking for the same destination and interest at once share one request.
  const pending = new Map<string, Promise<OsmElement[]>>();

  const readCache = <T>(read: () => Promise<T>, empty: T) =>
    read().catch((error: unknown) => {
      logger.warn({ err: safeErrorMessage(error) }, "places cache read failed");
      return empty;
    });

  /** One Overpass request, stored on success; a stale answer stands in when the request fails. */
  async function fetchAndStore(
    key: string,
    interest: string,
    ql: string,
    stale: CachedAnswer | undefined,
    signals: Signals,
  ): Promise<OsmElement[]> {
    const id = `${key}\n${interest}`;
    const inFlight = pending.get(id);
    if (inFlight) return inFlight;
    const request = (async () => {
      try {
        const elements = namedElements(await client.query(ql, { signal: signals.lookup }));
        await cache.put(key, interest, elements).catch((error: unknown) => {
          logger.warn({ err: safeErrorMessage(error) }, "places cache write failed");
        });
        return elements;
      } catch (caught) {
        const error = asPlacesError(caught, signals);
        if (!(error instanceof PlacesError) || signals.caller.aborted) throw error;
        // The interest or name stays out of the log: it can be the traveller's own text.
        logger.warn(
          {
            reason: error.reason,
            status: error.status,
            err: safeErrorMessage(error.cause ?? error),
            stale: Boolean(stale),
          },
          "overpass request failed",
        );
        if (stale) return namedElements(stale.elements);
        throw error;
      }
    })();
    pending.set(id, request);
    try {
      return await request;
    } finally {
      pending.delete(id);
    }
  }

  async function byName(text: string, near: LatLng, signals: Signals): Promise<Place[]> {
    const { key, point } = destinationPoint(near);
    const interest = nameKey(text);
    const cached = (
      await readCache(() => cache.getMany(key, [interest]), new Map<string, CachedAnswer>())
    ).get(interest);
    if (cached?.fresh) return placesOf(cached.elements);
    const ql = nameQuery(text, point, NAME_SEARCH_RADIUS_M, NAME_SEARCH_LIMIT);
    return (await fetchAndStore(key, interest, ql, cached, signals)).map(toPlace);
  }

  /** Places from the destination's fresh candidate answers already in the cache (no request). */
  async function cachedCandidates(near: LatLng): Promise<Place[]> {
    const { key } = destinationPoint(near);
    const all = await readCache(() => cache.getAll(key), new Map<string, CachedAnswer>());
    const places = new Map<string, Place>();
    for (const [interest, answer] of all) {
      if (interest.startsWith("name:") || !answer.fresh) continue;
      for (const place of placesOf(answer.elements)) places.set(place.osmId, place);
    }
    return [...places.values()];
  }

  /** Every element of the destination's cached answers (stale ones too: they are still OSM's). */
  async function cachedById(near: LatLng): Promise<Map<string, Place>> {
    const { key } = destinationPoint(near);
    const all = await readCache(() => cache.getAll(key), new Map<string, CachedAnswer>());
    const places = new Map<string, Place>();
    for (const answer of all.values())
      for (const place of placesOf(answer.elements)) places.set(place.osmId, place);
    return places;
  }

  return {
    enabled: true,

    async candidates(near, interests, { signal }) {
      const wanted = [...new Set(interests)].filter(isInterest);
      if (wanted.length === 0) return [];
      const { key, point } = destinationPoint(near);
      const cached = await readCache(
        () => cache.getMany(key, wanted),
        new Map<string, CachedAnswer>(),
      );
      const signals = signalsOf(signal);
      const answers = await Promise.allSettled(
        wanted.map(async (interest: Interest) => {
          const stored = cached.get(interest);
          if (stored?.fresh) return { interest, elements: namedElements(stored.elements) };
          const ql = candidatesQuery(
            INTEREST_TAGS[interest],
            point,
            INTEREST_RADIUS_M[interest],
            CANDIDATES_PER_INTEREST,
          );
          return { interest, elements: await fetchAndStore(key, interest, ql, stored, signals) };
        }),
      );
      signal.throwIfAborted();
      // One interest failing fails the whole answer (the others are cached for the next try): a
      // plan from half the interests would quietly leave out what the traveller asked for.
      const failure = answers.find((a) => a.status === "rejected");
      if (failure) throw failure.reason;

      const places = new Map<string, Place>();
      for (const answer of answers) {
        if (answer.status !== "fulfilled") continue;
        for (const element of answer.value.elements) {
          const place = toPlace(element);
          const seen = places.get(place.osmId);
          if (seen) seen.interests = [...(seen.interests ?? []), answer.value.interest];
          else places.set(place.osmId, { ...place, interests: [answer.value.interest] });
        }
      }
      return [...places.values()].sort(byNotabilityThenDistance(near));
    },

    async findByName(name, near, { signal }) {
      const text = normalizeName(name);
      if (text.length < 2) return null;
      // A candidate of the same name is already known: no request.
      const known = rankByName(await cachedCandidates(near), text, near).find(
        (p) => normalizeName(p.name) === text,
      );
      if (known) return known;
      return rankByName(await byName(name.trim(), near, signalsOf(signal)), text, near)[0] ?? null;
    },

    async byIds(osmIds, near, { signal }) {
      const wanted = [...new Set(osmIds)];
      if (wanted.length === 0) return [];
      const known = near ? await cachedById(near) : new Map<string, Place>();
      const found = wanted.flatMap((id) => known.get(id) ?? []);
      const missing = wanted.filter((id) => !known.has(id)).slice(0, MAX_IDS_PER_REQUEST);
      if (missing.length === 0) return found;
      const signals = signalsOf(signal);
      try {
        const fetched = placesOf(await client.query(idsQuery(missing), { signal: signals.lookup }));
        const asked = new Set(missing);
        return [...found, ...fetched.filter((p) => asked.has(p.osmId))];
      } catch (caught) {
        const error = asPlacesError(caught, signals);
        if (!(error instanceof PlacesError) || signal.aborted) throw error;
        logger.warn(
          {
            reason: error.reason,
            status: error.status,
            err: safeErrorMessage(error.cause ?? error),
          },
          "overpass request failed",
        );
        // What the cache confirmed stands; the rest stays unconfirmed.
        return found;
      }
    },

    async tripPlaces(near, set, { signal }) {
      const { key, point } = destinationPoint(near);
      const interest = tripSetKey(set);
      const stored = (
        await readCache(() => cache.getMany(key, [interest]), new Map<string, CachedAnswer>())
      ).get(interest);
      const elements = stored?.fresh
        ? namedElements(stored.elements)
        : await fetchAndStore(
            key,
            interest,
            candidatesQuery(
              TRIP_SET_TAGS[set],
              point,
              TRIP_SET_RADIUS_M[set],
              CANDIDATES_PER_INTEREST,
            ),
            stored,
            signalsOf(signal),
          );
      const order = byNotabilityThenDistance(near);
      return elements
        .map(toPlace)
        .sort((a, b) => distanceKm(near, a) - distanceKm(near, b) || order(a, b));
    },

    async search(q, near, { signal, limit = 20 }) {
      const text = normalizeName(q);
      if (text === "") return [];
      const fromCandidates = rankByName(await cachedCandidates(near), text, near);
      if (fromCandidates.length > 0) return fromCandidates.slice(0, limit);
      return rankByName(await byName(q.trim(), near, signalsOf(signal)), text, near).slice(
        0,
        limit,
      );
    },
  };
}
