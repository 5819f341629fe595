import { randomUUID } from "node:crypto";
import { gpx, kml } from "@tmcw/togeojson";
import { DOMParser } from "@xmldom/xmldom";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { activityOf } from "#tests/support/factories.ts";
import { LYON, PARIS } from "#tests/support/trip-places.ts";
import { tripCsv } from "./export-csv.ts";
import { tripGeoJson } from "./export-geojson.ts";
import { tripGpx } from "./export-gpx.ts";
import { tripKml } from "./export-kml.ts";
import { publicExport, type ExportTrip } from "./export-trip.ts";
import { readPlacesFile } from "./read-places-file.ts";

/** Paris then Lyon: two days, located and unlocated activities, a stay and a journey. */
const TRIP: ExportTrip = {
  id: randomUUID(),
  name: "Paris & Lyon <spring>",
  destination: "Paris",
  place: PARIS,
  stops: [
    {
      id: randomUUID(),
      destination: "Paris",
      startDate: "2027-04-01",
      endDate: "2027-04-02",
      place: PARIS,
    },
    {
      id: randomUUID(),
      destination: "Lyon",
      startDate: "2027-04-02",
      endDate: "2027-04-03",
      place: LYON,
    },
  ],
  itinerary: {
    days: [
      {
        date: "2027-04-01",
        stops: [0],
        activities: [
          activityOf({
            time: "09:30",
            activity: "Musée du Louvre",
            location: "Musée du Louvre, Rue de Rivoli, Paris",
            description: "Book the 9:30 slot & see <Winged Victory>",
            cost: 22,
            lat: 48.8606,
            lng: 2.3376,
            osmId: "way/1",
          }),
          activityOf({
            time: "13:00",
            activity: '=HYPERLINK("http://evil")',
            location: "+33 café",
            description: "-2 for the dessert\ttab",
            cost: null,
            lat: 48.8531,
            lng: 2.3387,
          }),
        ],
      },
      {
        date: "2027-04-02",
        stops: [0, 1],
        activities: [
          activityOf({
            time: "18:00",
            activity: "Les Halles Paul Bocuse",
            location: "Lyon",
            description: "Oysters",
            cost: 40.5,
            lat: 45.7628,
            lng: 4.8505,
            stopIndex: 1,
          }),
          activityOf({
            time: "21:00",
            activity: "@night walk",
            location: "Vieux Lyon",
            description: "",
            cost: 0,
            stopIndex: 1,
          }),
        ],
      },
    ],
  },
  stays: [
    {
      id: randomUUID(),
      stopIndex: 1,
      name: "Hôtel des Célestins",
      address: "4 Rue des Archers, Lyon",
      checkIn: "2027-04-02",
      checkOut: "2027-04-03",
      lat: 45.7605,
      lng: 4.8327,
      osmId: null,
      reference: "SECRET-STAY",
    },
  ],
  transport: [
    {
      id: randomUUID(),
      mode: "train",
      from: "Paris Gare de Lyon",
      to: "Lyon Part-Dieu",
      departAt: "2027-04-02T10:00",
      arriveAt: "2027-04-02T12:00",
      departZone: "Europe/Paris",
      arriveZone: "Europe/Paris",
      carrier: "SNCF",
      number: "6601",
      reference: "SECRET-TRAIN",
      notes: null,
    },
  ],
};

const dom = (text: string) => new DOMParser().parseFromString(text, "text/xml");
const utf8 = (text: string) => new TextEncoder().encode(text);
const ALL = TRIP.itinerary.days.flatMap((d) => d.activities);

describe("exports, read back by the same libraries", () => {
  it("GPX: each located activity a waypoint with its time and note, each day a route in order", () => {
    const text = tripGpx(TRIP);
    const features = gpx(dom(text)).features;
    const points = features.filter((f) => f.geometry?.type === "Point");
    expect(points.map((f) => String(f.properties?.name))).toEqual(
      ALL.filter((a) => a.lat !== null).map((a) => a.activity),
    );
    expect(points[0]?.properties).toMatchObject({
      desc: "Book the 9:30 slot & see <Winged Victory>",
      time: "2027-04-01T07:30:00Z",
    });
    // Day 2 has one located place: a one-point route, which togeojson leaves out (no line).
    expect(text).toContain("<name>Day 2 (2027-04-02)</name>");
    const routes = features.filter((f) => f.geometry?.type === "LineString");
    expect(routes.map((f) => String(f.properties?.name))).toEqual(["Day 1 (2027-04-01)"]);
    expect(routes[0]?.geometry).toEqual({
      type: "LineString",
      coordinates: [
        [2.3376, 48.8606],
        [2.3387, 48.8531],
      ],
    });
  });

  it("KML: a folder per day, placemarks with descriptions, the stay and the journey", () => {
    const text = tripKml(TRIP);
    const features = kml(dom(text)).features;
    expect(features.map((f) => String(f.properties?.name))).toEqual([
      ...ALL.map((a) => a.activity),
      "Hôtel des Célestins",
      "Train SNCF 6601 Paris Gare de Lyon → Lyon Part-Dieu",
    ]);
    expect(features[0]?.properties?.description).toBe("Book the 9:30 slot & see <Winged Victory>");
    expect(text).toContain("<name>Day 2 (2027-04-02)</name>");
    expect(text).toContain("SECRET-STAY");
  });

  it("GeoJSON: activities, stays, and each day's line", () => {
    const json = tripGeoJson(TRIP);
    const kinds = json.features.map((f) => String(f.properties?.kind));
    expect(kinds.filter((k) => k === "activity")).toHaveLength(4);
    expect(kinds.filter((k) => k === "stay")).toHaveLength(1);
    expect(kinds.filter((k) => k === "day-route")).toHaveLength(1);
    const unlocated = json.features.find((f) => f.properties?.name === "@night walk");
    expect(unlocated?.geometry).toBeNull();
  });

  it("CSV: UTF-8 with a BOM, formula cells escaped, numbers as numbers", () => {
    const text = tripCsv(TRIP);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([
      "date",
      "time",
      "title",
      "place",
      "address",
      "lat",
      "lng",
      "cost",
      "currency",
      "notes",
    ]);
    expect(rows[1]).toEqual([
      "2027-04-01",
      "09:30",
      "Musée du Louvre",
      "Musée du Louvre",
      "Rue de Rivoli, Paris",
      "48.8606",
      "2.3376",
      "22",
      "USD",
      "Book the 9:30 slot & see <Winged Victory>",
    ]);
    expect(rows[2]?.slice(2, 4)).toEqual(['\'=HYPERLINK("http://evil")', "'+33 café"]);
    expect(rows[2]?.[9]).toBe("'-2 for the dessert\ttab");
    expect(rows[2]?.[7]).toBe("");
    expect(rows[3]?.[7]).toBe("40.5");
    expect(rows[4]?.[2]).toBe("'@night walk");
    // Numbers are never quoted or prefixed: a negative longitude stays a number.
    expect(text).toMatch(/,48\.8606,2\.3376,22,USD,/);
  });

  it("CSV: cells beginning with a tab or a carriage return are escaped too, negative numbers kept", () => {
    const [first] = TRIP.itinerary.days;
    const trip: ExportTrip = {
      ...TRIP,
      itinerary: {
        days: [
          {
            ...first!,
            activities: [
              activityOf({
                time: "10:00",
                activity: "\tcmd|' /C calc'!A0",
                location: "-12 Rue des Écoles",
                description: "\r@SUM(A1:A9)",
                cost: null,
                lat: -33.8568,
                lng: -151.2153,
              }),
            ],
          },
        ],
      },
    };
    const text = tripCsv(trip);
    const row = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data[1];
    expect(row?.slice(2, 4)).toEqual(["'\tcmd|' /C calc'!A0", "'-12 Rue des Écoles"]);
    expect(row?.[9]).toBe("'\r@SUM(A1:A9)");
    expect(text).toContain(",-33.8568,-151.2153,,,");
  });

  it("the public export has no booking references and no costs", () => {
    const open = publicExport(TRIP);
    for (const text of [
      tripKml(open),
      JSON.stringify(tripGeoJson(open)),
      tripCsv(open),
      tripGpx(open),
    ]) {
      expect(text).not.toContain("SECRET-STAY");
      expect(text).not.toContain("SECRET-TRAIN");
    }
    expect(Papa.parse<string[]>(tripCsv(open).slice(1)).data[1]?.[7]).toBe("");
    expect(tripGeoJson(open).features[0]?.properties?.cost).toBeNull();
  });
});

describe("round trip: exported, then imported", () => {
  it.each([
    ["gpx", () => tripGpx(TRIP)],
    ["kml", () => tripKml(TRIP)],
    ["geojson", () => JSON.stringify(tripGeoJson(TRIP))],
  ])("%s gives back the same places with their titles and notes", (format, write) => {
    const reading = readPlacesFile(utf8(write()), `trip.${format}`);
    if (!reading.ok) throw new Error(reading.reason);
    const expected = ALL.filter((a) => format !== "gpx" || a.lat !== null).map((a) => ({
      title: a.activity,
      note: a.description || null,
      lat: a.lat,
      lng: a.lng,
    }));
    // GPX names each place twice (waypoint and route point): the import merges them.
    const titles = [...new Map(reading.places.map((p) => [p.title, p])).values()];
    expect(titles.map((p) => ({ title: p.title, note: p.note, lat: p.lat, lng: p.lng }))).toEqual(
      expected,
    );
  });
});
