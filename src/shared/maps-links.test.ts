import { describe, expect, it } from "vitest";
import {
  appleDirectionsUrl,
  directionsToUrl,
  googleDirectionsUrl,
  osmDirectionsUrl,
} from "./maps-links.ts";

const LOUVRE = { title: "Musée du Louvre", lat: 48.8606, lng: 2.3376 };
const FLORE = { title: "Café de Flore", lat: 48.854, lng: 2.3326 };
const SOMEWHERE = { title: "Jardin & café", lat: null, lng: null };
const ORSAY = { title: "Musée d'Orsay", lat: 48.86, lng: 2.3266 };

describe("directions through a day's places", () => {
  it("Google Maps: origin, waypoints in order, destination", () => {
    const url = new URL(googleDirectionsUrl([LOUVRE, FLORE, SOMEWHERE, ORSAY])!);
    expect(url.origin + url.pathname).toBe("https://www.google.com/maps/dir/");
    expect(url.searchParams.get("api")).toBe("1");
    expect(url.searchParams.get("origin")).toBe("48.860600,2.337600");
    expect(url.searchParams.get("waypoints")).toBe("48.854000,2.332600|Jardin & café");
    expect(url.searchParams.get("destination")).toBe("48.860000,2.326600");
  });

  it("Apple Maps: saddr and daddr with to: stops", () => {
    const url = new URL(appleDirectionsUrl([LOUVRE, FLORE, ORSAY])!);
    expect(url.host).toBe("maps.apple.com");
    expect(url.searchParams.get("saddr")).toBe("48.860600,2.337600");
    expect(url.searchParams.get("daddr")).toBe("48.854000,2.332600 to:48.860000,2.326600");
  });

  it("OpenStreetMap: a route through the located places only", () => {
    expect(osmDirectionsUrl([LOUVRE, SOMEWHERE, ORSAY])).toBe(
      "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=48.860600,2.337600;48.860000,2.326600",
    );
    expect(osmDirectionsUrl([SOMEWHERE])).toBeNull();
  });

  it("an activity's Directions goes to it", () => {
    const url = new URL(directionsToUrl(SOMEWHERE)!);
    expect(url.searchParams.get("destination")).toBe("Jardin & café");
    expect(url.searchParams.has("origin")).toBe(false);
  });

  it("no places, no link", () => {
    expect(googleDirectionsUrl([])).toBeNull();
    expect(appleDirectionsUrl([])).toBeNull();
  });
});
