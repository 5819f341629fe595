import { DEFAULT_PARTY } from "#shared/schemas/trip-party.ts";
import { describe, expect, it } from "vitest";
import type { OsmId, Place } from "../services/places/places-service.ts";
import { offerCandidates, promptCandidates } from "./offer-candidates.ts";
import { PlacesError, type PlacesService } from "../services/places/places-service.ts";

const place = (id: number, interest: string, hours: string | null = null): Place => ({
  osmId: `node/${id}` as OsmId,
  name: `Place ${id}`,
  kind: interest === "Food & Dining" ? "restaurant" : "museum",
  lat: 48.85,
  lng: 2.35,
  address: null,
  openingHours: hours,
  website: null,
  notable: false,
  interests: [interest],
  ...DEFAULT_PARTY,
});

describe("promptCandidates", () => {
  it("takes the interests in turn, best first within each, up to the cap", () => {
    const museums = Array.from({ length: 50 }, (_, i) => place(i + 1, "Culture & Arts"));
    const eateries = Array.from({ length: 5 }, (_, i) =>
      place(100 + i, "Food & Dining", "Mo-Su 12:00-22:00"),
    );
    const offered = promptCandidates([...museums, ...eateries]);
    expect(offered).toHaveLength(40);
    // Every place to eat made it, though fifty museums came first.
    expect(offered.filter((p) => p.kind === "restaurant")).toHaveLength(5);
    expect(offered.slice(0, 4).map((p) => p.osmId)).toEqual([
      "node/1",
      "node/100",
      "node/2",
      "node/101",
    ]);
    expect(offered[1]).toEqual({
      osmId: "node/100",
      name: "Place 100",
      kind: "restaurant",
      openingHours: "Mo-Su 12:00-22:00",
    });
  });

  it("offers nothing for no candidates", () => {
    expect(promptCandidates([])).toEqual([]);
  });
});

describe("offerCandidates", () => {
  const request = {
    destination: "Paris",
    startDate: "2026-12-29",
    endDate: "2026-12-29",
    budget: 500,
    travelStyle: "comfort" as const,
    interests: [],
    ...DEFAULT_PARTY,
  };
  const paris = {
    name: "Paris",
    country: "France",
    lat: 48.85,
    lng: 2.35,
    timezone: "Europe/Paris",
  };
  const service = (candidates: PlacesService["candidates"]): PlacesService => ({
    enabled: true,
    candidates,
    findByName: () => Promise.resolve(null),
    search: () => Promise.resolve([]),
    byIds: () => Promise.resolve([]),
    tripPlaces: () => Promise.resolve([]),
  });

  it("gives up on the prompt's wait but keeps the whole answer for matching", async () => {
    let answer: (places: Place[]) => void = () => undefined;
    const slow = service(() => new Promise<Place[]>((resolve) => (answer = resolve)));
    const offer = offerCandidates({
      places: slow,
      placeReady: Promise.resolve(paris),
      request,
      signal: new AbortController().signal,
      waitMs: 20,
    });
    expect(await offer.inTime()).toEqual([]);
    answer([place(1, "History")]);
    expect(await offer.all).toEqual({ ok: true, places: [place(1, "History")] });
  });

  it("asks for the general interests and Food & Dining when the traveller chose none", async () => {
    let asked: readonly string[] = [];
    const offer = offerCandidates({
      places: service((_near, interests) => {
        asked = interests;
        return Promise.resolve([]);
      }),
      placeReady: Promise.resolve(paris),
      request,
      signal: new AbortController().signal,
    });
    await offer.all;
    expect(asked).toEqual(["Culture & Arts", "History", "Nature & Outdoors", "Food & Dining"]);
  });

  it("turns a failure into its reason, and an unresolved destination into no request", async () => {
    const failing = offerCandidates({
      places: service(() => Promise.reject(new PlacesError("busy", 429))),
      placeReady: Promise.resolve(paris),
      request,
      signal: new AbortController().signal,
    });
    const outcome = await failing.all;
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.reason).toBe("busy");

    let calls = 0;
    const nowhere = offerCandidates({
      places: service(() => {
        calls++;
        return Promise.resolve([]);
      }),
      placeReady: Promise.resolve(null),
      request,
      signal: new AbortController().signal,
    });
    expect(await nowhere.all).toEqual({ ok: true, places: [] });
    expect(calls).toBe(0);
  });
});
