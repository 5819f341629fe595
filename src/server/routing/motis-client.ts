import { z } from "zod";
import { getRouterJson, RoutingError } from "./routing-fetch.ts";
import type { LatLng, TransitJourney } from "./routing-types.ts";

const placeSchema = z.object({ name: z.string().optional() });
const legSchema = z.object({
  mode: z.string(),
  from: placeSchema,
  to: placeSchema,
  startTime: z.string(),
  endTime: z.string(),
  distance: z.number().optional(),
  // Empty optional fields are omitted, never null.
  displayName: z.string().optional(),
  routeShortName: z.string().optional(),
  routeColor: z.string().optional(),
  legGeometry: z.object({ points: z.string(), precision: z.number().optional() }).optional(),
});
const planSchema = z.object({
  itineraries: z.array(
    z.object({
      duration: z.number(),
      startTime: z.string(),
      endTime: z.string(),
      transfers: z.number().optional(),
      legs: z.array(legSchema),
    }),
  ),
});

export type MotisOptions = { url: string; userAgent: string; timeoutMs: number };

/** MOTIS 2's `GET /api/v6/plan`, latitude first; journeys scheduled from their start and end. */
export function createMotisClient(options: MotisOptions) {
  const base = options.url.replace(/\/+$/, "");
  return {
    async plan(
      from: LatLng,
      to: LatLng,
      departAt: Date,
      signal?: AbortSignal,
    ): Promise<TransitJourney[]> {
      const query = new URLSearchParams({
        fromPlace: `${from.lat.toFixed(6)},${from.lng.toFixed(6)}`,
        toPlace: `${to.lat.toFixed(6)},${to.lng.toFixed(6)}`,
        time: departAt.toISOString(),
        arriveBy: "false",
        numItineraries: "3",
      });
      const { status, body } = await getRouterJson(`${base}/api/v6/plan?${query.toString()}`, {
        userAgent: options.userAgent,
        timeoutMs: options.timeoutMs,
        signal,
      });
      if (status !== 200) {
        const error = z.object({ error: z.string() }).safeParse(body);
        throw new RoutingError("status", status, `MOTIS ${status}: ${error.data?.error ?? ""}`);
      }
      const parsed = planSchema.safeParse(body);
      if (!parsed.success)
        throw new RoutingError("bad_response", 200, "MOTIS answer of another shape");
      return parsed.data.itineraries.map((itinerary) => ({
        departAt: itinerary.startTime,
        arriveAt: itinerary.endTime,
        seconds: (Date.parse(itinerary.endTime) - Date.parse(itinerary.startTime)) / 1000,
        transfers: itinerary.transfers ?? 0,
        rides: itinerary.legs.map((leg) => ({
          mode: leg.mode,
          name: leg.mode === "WALK" ? "" : (leg.displayName ?? leg.routeShortName ?? ""),
          from: leg.from.name ?? "",
          to: leg.to.name ?? "",
          departAt: leg.startTime,
          arriveAt: leg.endTime,
          ...(leg.distance !== undefined && { meters: leg.distance }),
          ...(leg.routeColor && { color: leg.routeColor }),
          ...(leg.legGeometry && (leg.legGeometry.precision ?? 6) === 6
            ? { geometry: leg.legGeometry.points }
            : {}),
        })),
      }));
    },
  };
}

export type MotisClient = ReturnType<typeof createMotisClient>;
