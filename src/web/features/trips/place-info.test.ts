import { describe, expect, it } from "vitest";
import type { Day, Grounding } from "#shared/schemas/itinerary.ts";
import { activityOf } from "#tests/support/factories.ts";
import { groundingSummary, osmUrl, safeWebsite, websiteHost } from "./place-info.ts";

const day = (osmIds: (string | null)[]): Day => ({
  date: "2026-12-29",
  activities: osmIds.map((osmId, i) =>
    activityOf({
      time: "10:00",
      activity: `Stop ${i + 1}`,
      location: "Somewhere",
      description: "",
      cost: null,
      osmId,
    }),
  ),
});
const grounding = (status: Grounding["status"], reason: string | null = null): Grounding => ({
  status,
  verified: 0,
  total: 0,
  reason,
});

describe("osmUrl", () => {
  it("links an element's page, and nothing that is not an OSM id", () => {
    expect(osmUrl("way/1001")).toBe("https://www.openstreetmap.org/way/1001");
    expect(osmUrl("relation/7")).toBe("https://www.openstreetmap.org/relation/7");
    expect(osmUrl(null)).toBeNull();
    expect(osmUrl("javascript:alert(1)//node/1")).toBeNull();
    expect(osmUrl("node/1/../../evil")).toBeNull();
  });
});

describe("safeWebsite", () => {
  it("keeps http and https addresses only", () => {
    expect(safeWebsite("https://www.louvre.fr/")).toBe("https://www.louvre.fr/");
    expect(safeWebsite("http://example.org/a?b=1")).toBe("http://example.org/a?b=1");
    expect(safeWebsite("javascript:alert(1)")).toBeNull();
    expect(safeWebsite("data:text/html,<script>alert(1)</script>")).toBeNull();
    expect(safeWebsite("www.louvre.fr")).toBeNull();
    expect(safeWebsite(null)).toBeNull();
    expect(websiteHost("https://www.louvre.fr/en")).toBe("louvre.fr");
  });
});

describe("groundingSummary", () => {
  it("counts the places found from the days as they are now, with the attribution", () => {
    const days = [day(["way/1001", "node/1002", null]), day(["node/5"])];
    expect(groundingSummary(grounding("partial"), days)).toEqual({
      found: "3 of 4 places found on OpenStreetMap",
      unavailable: null,
      showsOsmData: true,
    });
    expect(groundingSummary(grounding("verified"), [day(["way/1"])]).found).toBe(
      "1 of 1 place found on OpenStreetMap",
    );
  });

  it("gives the reason when real places could not be had", () => {
    const summary = groundingSummary(
      grounding("unavailable", "OpenStreetMap's place service is busy right now."),
      [day([null, null])],
    );
    expect(summary).toEqual({
      found: null,
      unavailable: "Planned without real places: OpenStreetMap's place service is busy right now.",
      showsOsmData: false,
    });
  });

  it("gives the reason some places could not be checked", () => {
    const summary = groundingSummary(
      { status: "partial", verified: 1, total: 2, reason: "OpenStreetMap did not answer in time." },
      [day(["node/1", null])],
    );
    expect(summary.found).toBe("1 of 2 places found on OpenStreetMap");
    expect(summary.unavailable).toBe(
      "Some places could not be checked: OpenStreetMap did not answer in time.",
    );
  });

  it("says nothing on trips never checked, unless a place was picked since", () => {
    expect(groundingSummary(grounding("off"), [day([null, null])])).toEqual({
      found: null,
      unavailable: null,
      showsOsmData: false,
    });
    expect(groundingSummary(grounding("off"), [day(["node/9", null])]).found).toBe(
      "1 of 2 places found on OpenStreetMap",
    );
  });
});
