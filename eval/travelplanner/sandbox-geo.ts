import type { GeoService } from "#server/services/geo/geo-service.ts";
import type { Sandbox } from "./sandbox.ts";

/**
 * The eval's geocoder-free path (issue 48): a sandbox city resolves to the centre of its listed
 * attractions (the only coordinates the tables have), in the United States, with no network at
 * all. The zone is one for every city: road legs start and end on the same clock, flights keep the
 * table's own local times. A city the sandbox does not list is not found.
 */
export function createSandboxGeo(sandbox: Sandbox): GeoService {
  return {
    locatesActivities: false,
    locateActivity: () => Promise.resolve(null),
    resolveDestination: (name) => {
      const city = name.trim();
      if (!sandbox.cityStates.has(city)) return Promise.resolve({ kind: "not_found" });
      const points = sandbox
        .attractionsIn(city)
        .filter((a) => Number.isFinite(a.lat) && Number.isFinite(a.lng));
      const mean = (pick: (p: (typeof points)[number]) => number, fallback: number) =>
        points.length > 0 ? points.reduce((t, p) => t + pick(p), 0) / points.length : fallback;
      return Promise.resolve({
        kind: "found",
        place: {
          name: city,
          country: "United States",
          lat: mean((p) => p.lat, 39.8),
          lng: mean((p) => p.lng, -98.6),
          timezone: "America/Chicago",
          currency: "USD",
        },
      });
    },
  };
}
