import { describe, expect, it } from "vitest";
import { readIdeaLink } from "./idea-link.ts";

describe("reading a link without fetching it", () => {
  it("a Google Maps place: its name, and the place's own point before the view's centre", () => {
    expect(
      readIdeaLink(
        "https://www.google.com/maps/place/Mus%C3%A9e+Rodin/@48.85,2.31,17z/data=!4m6!3m5!1s0x0!8m2!3d48.8553!4d2.3158",
      ),
    ).toEqual({ title: "Musée Rodin", point: { lat: 48.8553, lng: 2.3158 }, osmId: null });
    expect(readIdeaLink("https://www.google.fr/maps/place/Louvre/@48.8606,2.3376,15z")).toEqual({
      title: "Louvre",
      point: { lat: 48.8606, lng: 2.3376 },
      osmId: null,
    });
  });

  it("Google Maps searches: a name or a point", () => {
    expect(
      readIdeaLink("https://www.google.com/maps/search/?api=1&query=Eiffel+Tower"),
    ).toMatchObject({
      title: "Eiffel Tower",
      point: null,
    });
    expect(readIdeaLink("https://maps.google.com/?q=48.8584,2.2945")).toEqual({
      title: null,
      point: { lat: 48.8584, lng: 2.2945 },
      osmId: null,
    });
  });

  it("OpenStreetMap: a marker, a map view, an element", () => {
    expect(
      readIdeaLink("https://www.openstreetmap.org/?mlat=48.8554&mlon=2.345#map=18/48.85/2.34"),
    ).toMatchObject({
      point: { lat: 48.8554, lng: 2.345 },
    });
    expect(readIdeaLink("https://www.openstreetmap.org/#map=17/48.8530/2.3499")).toMatchObject({
      point: { lat: 48.853, lng: 2.3499 },
    });
    expect(readIdeaLink("https://www.openstreetmap.org/way/1060")).toMatchObject({
      osmId: "way/1060",
    });
  });

  it("any other website: a title from its address, no point", () => {
    expect(readIdeaLink("https://www.musee-rodin.fr/en/visit-museum")).toEqual({
      title: "Visit museum (musee-rodin.fr)",
      point: null,
      osmId: null,
    });
    expect(readIdeaLink("https://example.com/")).toMatchObject({ title: "example.com" });
  });

  it("not http(s), not a link, or coordinates out of range: nothing", () => {
    expect(readIdeaLink("javascript:alert(1)")).toEqual({ title: null, point: null, osmId: null });
    expect(readIdeaLink("not a link")).toEqual({ title: null, point: null, osmId: null });
    expect(readIdeaLink("https://maps.google.com/?q=95,200").point).toBeNull();
  });
});
