import type { TripSources } from "#server/sources/trip-sources.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { ProductPlan } from "./plan-writer.ts";
import type { TravelPlannerQuery } from "./types.ts";

/** What plans a query: the planner behind POST /api/trips with these sources, or null. */
export type BenchmarkPlanner = (input: {
  query: TravelPlannerQuery;
  request: TripRequest;
  /** Cities of the region (`request.destination`, a state) to choose, when no stops are named. */
  cityCount: number | null;
  sources: TripSources;
  /** The sandbox's cities of a state, for choosing them. */
  citiesIn: (state: string) => string[];
}) => Promise<ProductPlan | null>;
