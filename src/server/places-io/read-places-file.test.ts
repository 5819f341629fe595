import { readdirSync, readFileSync } from "node:fs";
import { zipSync, strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { mergeDuplicates } from "./import-preview.ts";
import { placeRecord } from "./place-record.ts";
import { readPlacesFile } from "./read-places-file.ts";

const DIR = "tests/fixtures/places/";
const bytesOf = (name: string) => new Uint8Array(readFileSync(DIR + name));
const FIXTURES = readdirSync(DIR).filter((name) => name.endsWith(".expected.json"));

describe("reading files of saved places (by content)", () => {
  it("has a fixture for every accepted shape", () => {
    expect(FIXTURES.map((f) => f.replace(".expected.json", "")).sort()).toEqual([
      "Paris food.csv",
      "my-maps.kml",
      "my-maps.kmz",
      "places.csv",
      "places.geojson",
      "saved-places-current.json",
      "saved-places-older.json",
      "trail.gpx",
    ]);
  });

  it.each(FIXTURES)("%s reads as its expected preview", (expected) => {
    const name = expected.replace(".expected.json", "");
    expect(readPlacesFile(bytesOf(name), name)).toEqual(
      JSON.parse(readFileSync(DIR + expected, "utf8")),
    );
  });

  it("reads Takeout's [0,0] as unlocated (the link's q= when it has one), never the Gulf of Guinea", () => {
    const reading = readPlacesFile(bytesOf("saved-places-older.json"), "Saved Places.json");
    if (!reading.ok) throw new Error(reading.reason);
    expect(reading.places.map((p) => [p.title, p.lat, p.lng])).toEqual([
      ["Musée du Louvre", 48.8606, 2.3376],
      ["Notre-Dame viewpoint", 48.853, 2.3499],
      ["Grandmother's favourite crêperie", null, null],
    ]);
    expect(reading.places[2]?.url).toBe("http://maps.google.com/?cid=1234567890123");
    expect(reading.places.some((p) => p.lat === 0 && p.lng === 0)).toBe(false);
  });

  it("keeps My Maps folders as groups, HTML as text, and an address-only placemark to look up", () => {
    const reading = readPlacesFile(bytesOf("my-maps.kmz"), "Lyon.kmz");
    if (!reading.ok) throw new Error(reading.reason);
    expect(reading.format).toBe("kmz");
    const [fourviere, traboule] = reading.places;
    expect(fourviere?.group).toBe("Sights");
    expect(fourviere?.note).toBe("Go up by the funicular\nView over the city & the rivers");
    expect(traboule).toMatchObject({ lat: null, lookup: "address", matched: "none" });
    expect(traboule?.address).toBe("9 Place Colbert, 69001 Lyon, France");
  });

  it("takes the named points of GPX routes and tracks, not the unnamed track points", () => {
    const reading = readPlacesFile(bytesOf("trail.gpx"), "walk.gpx");
    if (!reading.ok) throw new Error(reading.reason);
    expect(reading.places.map((p) => `${p.title}|${p.group ?? ""}`)).toEqual([
      "Torre de Belém|",
      "Mosteiro dos Jerónimos|",
      "Miradouro de Santa Luzia|Tram 28",
      "Sé de Lisboa|Tram 28",
      "Castelo de São Jorge|Alfama loop",
    ]);
    expect(reading.skipped).toEqual([
      { line: 3, reason: "Broken point: no valid latitude and longitude." },
    ]);
  });

  it("passes by a long recorded track's unnamed points, self-closing or not, and keeps its named ones", () => {
    const unnamed = Array.from({ length: 5000 }, (_, i) =>
      i % 2
        ? `<trkpt lat="38.7${i}" lon="-9.1${i}"><ele>${i}</ele><time>2026-05-04T10:00:00Z</time></trkpt>`
        : `<trkpt lat="38.7${i}" lon="-9.1${i}"/>`,
    ).join("\n");
    const gpx = `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
      <wpt lat="38.69" lon="-9.21"><name>Torre</name></wpt>
      <trk><name>Walk</name><trkseg>${unnamed}
      <trkpt lat="38.71" lon="-9.13"><ele>3</ele><name>Castelo</name><desc>Views</desc></trkpt>
      ${unnamed}<trkpt lat="38.72" lon="-9.14"><name>Graça</name></trkpt></trkseg></trk></gpx>`;
    const reading = readPlacesFile(strToU8(gpx), "walk.gpx");
    if (!reading.ok) throw new Error(reading.reason);
    expect(reading.places.map((p) => [p.title, p.note, p.lat, p.lng, p.group])).toEqual([
      ["Torre", null, 38.69, -9.21, null],
      ["Castelo", "Views", 38.71, -9.13, "Walk"],
      ["Graça", null, 38.72, -9.14, "Walk"],
    ]);
  });

  it("reads the format from the content, whatever the extension says", () => {
    const gpxAsTxt = readPlacesFile(bytesOf("trail.gpx"), "walk.txt");
    expect(gpxAsTxt.ok && gpxAsTxt.format).toBe("gpx");
    const kmlAsJson = readPlacesFile(bytesOf("my-maps.kml"), "map.json");
    expect(kmlAsJson.ok && kmlAsJson.format).toBe("kml");
  });
});

describe("refusals", () => {
  it("refuses a .kml that is a PNG", () => {
    expect(readPlacesFile(bytesOf("not-a-map.kml"), "not-a-map.kml")).toEqual({
      ok: false,
      reason: "unknownFormat",
    });
  });

  it("refuses a billion-laughs XML before parsing it", () => {
    expect(readPlacesFile(bytesOf("billion-laughs.kml"), "x.kml")).toEqual({
      ok: false,
      reason: "doctype",
    });
    // Refused before any parser sees it: a DOCTYPE followed by XML no parser could read is still
    // named a DOCTYPE, not a damaged file.
    const broken = `<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "b">]><kml><Placemark><name>&a;`;
    expect(readPlacesFile(strToU8(broken), "broken.kml")).toEqual({ ok: false, reason: "doctype" });
  });

  it("refuses a DOCTYPE even without entities, in GPX too", () => {
    const gpx = `<?xml version="1.0"?><!DOCTYPE gpx SYSTEM "file:///etc/passwd"><gpx version="1.1"><wpt lat="1" lon="1"><name>x</name></wpt></gpx>`;
    expect(readPlacesFile(strToU8(gpx), "a.gpx")).toEqual({ ok: false, reason: "doctype" });
  });

  it("stops a zip bomb at 50 MB unpacked", () => {
    expect(readPlacesFile(bytesOf("zip-bomb.kmz"), "bomb.kmz")).toEqual({
      ok: false,
      reason: "expandsTooFar",
    });
  });

  it("refuses a zip with more than 1,000 entries", () => {
    const entries: Record<string, Uint8Array> = {};
    for (let i = 0; i < 1001; i++) entries[`f${i}.txt`] = strToU8("x");
    expect(readPlacesFile(zipSync(entries), "many.zip")).toEqual({
      ok: false,
      reason: "expandsTooFar",
    });
  });

  it("refuses a damaged zip", () => {
    const zip = bytesOf("my-maps.kmz");
    expect(readPlacesFile(zip.slice(0, 60), "cut.kmz")).toEqual({
      ok: false,
      reason: "damagedZip",
    });
  });

  it("refuses more than 2,000 places", () => {
    const features = Array.from({ length: 2001 }, (_, i) => ({
      type: "Feature",
      geometry: { type: "Point", coordinates: [2 + i / 10000, 48] },
      properties: { name: `Place ${i}` },
    }));
    const json = JSON.stringify({ type: "FeatureCollection", features });
    expect(readPlacesFile(strToU8(json), "big.geojson")).toEqual({
      ok: false,
      reason: "tooManyPlaces",
    });
  });

  it("refuses JSON that is not GeoJSON, and CSV without a title column", () => {
    expect(readPlacesFile(strToU8('{"reviews": []}'), "Reviews.json")).toEqual({
      ok: false,
      reason: "unknownFormat",
    });
    expect(readPlacesFile(strToU8("a,b\n1,2\n"), "numbers.csv")).toEqual({
      ok: false,
      reason: "csvNoTitle",
    });
  });
});

describe("duplicates in one import", () => {
  const at = (
    title: string,
    lat: number,
    lng: number,
    extra: Partial<{ url: string; note: string }> = {},
  ) =>
    placeRecord({
      title,
      position: { lat, lng },
      url: extra.url ?? null,
      note: extra.note ?? null,
    });

  it("merges the same name within 50 m, the same link, or the same OSM place, keeping the first's title and note", () => {
    const merged = mergeDuplicates([
      at("Café de Flore", 48.85405, 2.33264, { note: "mine" }),
      at("Cafe de Flore", 48.8542, 2.3327, { note: "theirs", url: "https://example.com/flore" }),
      at("Café de Flore", 48.86, 2.34),
      placeRecord({ title: "Flore again", url: "https://example.com/flore/" }),
      { ...placeRecord({ title: "Louvre" }), osmId: "way/1" },
      { ...placeRecord({ title: "The Louvre museum" }), osmId: "way/1", lat: 48.86, lng: 2.33 },
    ]);
    expect(merged.map((p) => [p.title, p.note, p.url, p.lat])).toEqual([
      ["Café de Flore", "mine", "https://example.com/flore", 48.85405],
      ["Café de Flore", null, null, 48.86],
      ["Louvre", null, null, 48.86],
    ]);
  });
});
