import { z } from "zod";
import { getRouterJson, RoutingError } from "./routing-fetch.ts";
import type {
  LatLng,
  StreetCell,
  StreetMatrix,
  StreetProfile,
  StreetRoute,
} from "./routing-types.ts";

/** sources × destinations the OSRM table takes at most (100²): 100 places a trip, one request. */
export const OSRM_TABLE_MAX_POINTS = 100;

const okSchema = z.object({ code: z.string(), message: z.string().optional() });
const cellSchema = z.number().nonnegative().nullable();
const tableSchema = z.object({
  code: z.literal("Ok"),
  durations: z.array(z.array(cellSchema)),
  distances: z.array(z.array(cellSchema)).optional(),
});
const routeSchema = z.object({
  code: z.literal("Ok"),
  routes: z
    .array(
      z.object({
        geometry: z.string(),
        legs: z.array(z.object({ duration: z.number(), distance: z.number() })),
      }),
    )
    .min(1),
});

/** OSRM's coordinates: longitude first, six decimals (about 10 cm: the cache rounds, not this). */
const coordinates = (points: LatLng[]) =>
  points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(";");

export type OsrmOptions = {
  /** With `{profile}` standing for foot, bike or car. */
  urlTemplate: string;
  userAgent: string;
  timeoutMs: number;
};

/**
 * The body's `code` decides, not the status: a coordinate of 0,0 is a 200 with InvalidOptions, a
 * NoRoute is a 400 with JSON, a 429 is an HTML page (getRouterJson throws not_json for it).
 * "NoRoute" comes back as null (an answer: there is no way), every other failure throws.
 */
function readBody<T>(status: number, body: unknown, schema: z.ZodType<T>): T | null {
  const head = okSchema.safeParse(body);
  if (!head.success)
    throw new RoutingError("bad_response", status, `HTTP ${status} without a code`);
  if (head.data.code === "NoRoute") return null;
  if (head.data.code !== "Ok")
    throw new RoutingError("refused", status, `OSRM ${head.data.code}: ${head.data.message ?? ""}`);
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new RoutingError("bad_response", status, "OSRM answer of another shape");
  return parsed.data;
}

/** The OSRM HTTP API v1 (GET only): `table` and `route` on the base URL of each profile. */
export function createOsrmClient(options: OsrmOptions) {
  const base = (profile: StreetProfile) =>
    options.urlTemplate.replaceAll("{profile}", profile).replace(/\/+$/, "");
  const get = (url: string, signal?: AbortSignal) =>
    getRouterJson(url, { userAgent: options.userAgent, timeoutMs: options.timeoutMs, signal });

  return {
    async table(
      profile: StreetProfile,
      points: LatLng[],
      signal?: AbortSignal,
    ): Promise<StreetMatrix> {
      const url = `${base(profile)}/table/v1/${profile}/${coordinates(points)}?annotations=duration,distance`;
      const { status, body } = await get(url, signal);
      const table = readBody(status, body, tableSchema);
      const cells: StreetCell[][] = points.map((_, i) =>
        points.map((__, j) => {
          const seconds = table?.durations[i]?.[j];
          const meters = table?.distances?.[i]?.[j];
          if (i === j || seconds == null || meters == null) return null;
          return { seconds, meters };
        }),
      );
      return { cells };
    },
    async route(
      profile: StreetProfile,
      points: LatLng[],
      signal?: AbortSignal,
    ): Promise<StreetRoute | null> {
      const url = `${base(profile)}/route/v1/${profile}/${coordinates(points)}?overview=full&geometries=polyline6&steps=false`;
      const { status, body } = await get(url, signal);
      const answer = readBody(status, body, routeSchema);
      if (!answer) return null;
      const [route] = answer.routes;
      return {
        geometry: route!.geometry,
        legs: route!.legs.map((leg) => ({ seconds: leg.duration, meters: leg.distance })),
      };
    },
  };
}

export type OsrmClient = ReturnType<typeof createOsrmClient>;
