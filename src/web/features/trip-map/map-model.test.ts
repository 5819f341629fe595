import { describe, expect, it } from "vitest";
import type { Day, TripPlace } from "#shared/schemas/itinerary.ts";
import { activityOf } from "#tests/support/factories.ts";
import {
  attributionHtml,
  dayMapView,
  ideaLabel,
  markerOffsets,
  roundPoint,
  stopLabel,
} from "./map-model.ts";

const PARIS: TripPlace = {
  name: "Paris",
  country: "France",
  lat: 48.8589,
  lng: 2.32,
  timezone: "Europe/Paris",
};
const at = (time: string, activity: string, point?: { lat: number; lng: number }) =>
  activityOf({ time, activity, location: activity, description: "", cost: 0, ...point });

const days: Day[] = [
  {
    date: "2027-05-03",
    activities: [
      at("09:00", "Louvre Museum", { lat: 48.8606, lng: 2.3376 }),
      at("12:00", "Lunch somewhere"),
      at("15:00", "Eiffel Tower", { lat: 48.8584, lng: 2.2945 }),
    ],
  },
  {
    date: "2027-05-04",
    activities: [at("10:00", "Sainte-Chapelle", { lat: 48.8554, lng: 2.345 })],
  },
  { date: "2027-05-05", activities: [at("10:00", "Unplaced walk")] },
];
const input = { days, place: PARIS, destination: "Paris", offlinePlanner: false };

describe("dayMapView", () => {
  it("pins the group's ideas on every day, apart from the day's stops", () => {
    const rodin = { id: "i1", name: "Musée Rodin", lat: 48.8553, lng: 2.3158 };
    for (const dayIndex of [0, 2]) {
      const view = dayMapView({ ...input, dayIndex, ideas: [rodin] });
      expect(view.ideas.map(ideaLabel)).toEqual(["Idea: Musée Rodin"]);
    }
    expect(dayMapView({ ...input, dayIndex: 0 }).ideas).toEqual([]);
  });

  it("numbers the day's located stops by their place in the list and keeps other days apart", () => {
    const view = dayMapView({ ...input, dayIndex: 0 });
    expect(view.stops.map(stopLabel)).toEqual(["1. Louvre Museum", "3. Eiffel Tower"]);
    expect(view.others).toEqual([{ id: days[1]!.activities[0]!.id, lat: 48.8554, lng: 2.345 }]);
    expect(view.fallback).toEqual({ lat: PARIS.lat, lng: PARIS.lng });
    expect(view.notice).toBeNull();
  });

  it("says why a day without located stops shows the destination only", () => {
    const view = dayMapView({ ...input, dayIndex: 2 });
    expect(view.stops).toEqual([]);
    expect(view.others).toHaveLength(3);
    expect(view.notice).toBe(
      "None of this day’s stops could be placed on the map. Showing Paris instead.",
    );
  });

  it("names the offline planner when nothing on the trip is located", () => {
    const bare = days.map((d) => ({
      ...d,
      activities: d.activities.map((a) => ({ ...a, lat: null, lng: null })),
    }));
    expect(dayMapView({ ...input, days: bare, dayIndex: 0, offlinePlanner: true }).notice).toBe(
      "The offline planner does not place stops on the map. Showing Paris instead.",
    );
    const lost = dayMapView({
      ...input,
      days: bare,
      dayIndex: 0,
      place: null,
      destination: "Atlantis",
    });
    expect(lost.notice).toBe("We could not find “Atlantis” on the map.");
    expect(lost.fallback).toBeNull();
  });

  it("tells a service that did not answer from a destination that was not found", () => {
    const bare = days.map((d) => ({
      ...d,
      activities: d.activities.map((a) => ({ ...a, lat: null, lng: null })),
    }));
    const reason =
      "Real places could not be reached (the OpenStreetMap service did not answer), so this plan uses general suggestions.";
    const overpassDown = dayMapView({
      ...input,
      days: bare,
      dayIndex: 0,
      offlinePlanner: true,
      grounding: {
        status: "unavailable",
        verified: 0,
        total: 0,
        reason,
        serviceFailure: { service: "openstreetmap", reason: "unreachable" },
      },
    });
    expect(overpassDown.notice).toBe(`${reason} Showing Paris instead.`);

    // Places off: no reason on the trip, the map still says the geocoder did not answer.
    const geocoderDown = dayMapView({
      ...input,
      days: bare,
      dayIndex: 0,
      place: null,
      grounding: {
        status: "off",
        verified: 0,
        total: 0,
        reason: null,
        serviceFailure: { service: "geocoding", reason: "timeout" },
      },
    });
    expect(geocoderDown.notice).toBe(
      "“Paris” could not be placed on the map (the Open-Meteo geocoding service did not answer in time).",
    );

    // The geocoder answered "no such place": that is what the map says.
    const notFound = dayMapView({
      ...input,
      days: bare,
      dayIndex: 0,
      place: null,
      destination: "Atlantis",
      grounding: {
        status: "unavailable",
        verified: 0,
        total: 0,
        reason:
          "The destination could not be found on the map, so this plan uses general suggestions.",
      },
    });
    expect(notFound.notice).toBe("We could not find “Atlantis” on the map.");
  });

  it("says so for an empty day", () => {
    const empty = [...days, { date: "2027-05-06", activities: [] }];
    expect(dayMapView({ ...input, days: empty, dayIndex: 3 }).notice).toBe(
      "Nothing planned for this day yet. Showing Paris instead.",
    );
  });
});

describe("attributionHtml", () => {
  it("escapes the configured text and links OpenStreetMap's copyright page", () => {
    expect(attributionHtml("© OpenStreetMap contributors")).toBe(
      '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    );
    expect(attributionHtml('<img src=x onerror="alert(1)"> & Co')).toBe(
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Co | Places © <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    );
  });

  it("credits OpenStreetMap for the places when the tiles' credit does not", () => {
    expect(attributionHtml("Tiles © Example Maps")).toBe(
      'Tiles © Example Maps | Places © <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    );
    expect(attributionHtml("")).toBe(
      'Places © <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    );
  });
});

describe("roundPoint", () => {
  it("keeps six decimals and wraps longitudes from a world copy into range", () => {
    expect(roundPoint({ lat: 48.85661234567, lng: 2.35222298765 })).toEqual({
      lat: 48.856612,
      lng: 2.352223,
    });
    expect(roundPoint({ lat: 10, lng: 362.5 })).toEqual({ lat: 10, lng: 2.5 });
    expect(roundPoint({ lat: -10, lng: -190 })).toEqual({ lat: -10, lng: 170 });
  });
});

describe("markerOffsets", () => {
  it("leaves lone stops where they are and spreads stops at one spot apart", () => {
    const louvre = { lat: 48.8606, lng: 2.3376 };
    const nextDoor = { lat: 48.8607, lng: 2.3377 };
    const far = { lat: 48.853, lng: 2.3499 };
    const offsets = markerOffsets([louvre, far, nextDoor, louvre]);
    expect(offsets[1]).toEqual([0, 0]);
    const spread = [offsets[0], offsets[2], offsets[3]];
    // Three at one spot: three different offsets, each some pixels away from the spot.
    expect(new Set(spread.map((o) => o?.join(","))).size).toBe(3);
    for (const o of spread) expect(Math.hypot(o?.[0] ?? 0, o?.[1] ?? 0)).toBeGreaterThan(10);
  });
});

describe("a trip with several stops on the map", () => {
  const LYON = { lat: 45.764, lng: 4.8357 };
  const stops = [
    { destination: "Paris", place: PARIS },
    { destination: "Lyon", place: LYON },
  ];
  const routeDays: Day[] = [
    { date: "2027-05-03", stops: [0], activities: [] },
    { date: "2027-05-04", stops: [0, 1], activities: [] },
    { date: "2027-05-05", stops: [1], activities: [] },
  ];
  const stays = [
    { id: "s1", stopIndex: 0, name: "Hôtel Paris", lat: 48.86, lng: 2.35 },
    { id: "s2", stopIndex: 1, name: "Hôtel Lyon", lat: 45.76, lng: 4.83 },
    { id: "s3", stopIndex: 1, name: "Not found", lat: null, lng: null },
  ];
  const view = (dayIndex: number) =>
    dayMapView({
      days: routeDays,
      dayIndex,
      place: PARIS,
      destination: "Paris → Lyon",
      offlinePlanner: false,
      stops,
      stays,
    });

  it("joins every city in order, marks the day's own cities and the stays placed there", () => {
    expect(view(0).route.map((c) => c.name)).toEqual(["Paris", "Lyon"]);
    expect(view(0).cities.map((c) => c.name)).toEqual(["Paris"]);
    expect(view(0).stays.map((s) => s.name)).toEqual(["Hôtel Paris"]);
    expect(view(1).cities.map((c) => c.name)).toEqual(["Paris", "Lyon"]);
    expect(view(1).stays.map((s) => s.name)).toEqual(["Hôtel Paris", "Hôtel Lyon"]);
    expect(view(2).stays.map((s) => s.name)).toEqual(["Hôtel Lyon"]);
  });

  it("looks at the day's own city when nothing of the day is placed", () => {
    expect(view(2).fallback).toEqual(LYON);
    expect(view(0).fallback).toEqual({ lat: PARIS.lat, lng: PARIS.lng });
  });

  it("draws no route for a trip in one city", () => {
    const one = dayMapView({
      days,
      dayIndex: 0,
      place: PARIS,
      destination: "Paris",
      offlinePlanner: false,
      stops: [stops[0]!],
      stays: [stays[0]!],
    });
    expect(one.route).toEqual([]);
    expect(one.stays.map((s) => s.name)).toEqual(["Hôtel Paris"]);
  });
});
