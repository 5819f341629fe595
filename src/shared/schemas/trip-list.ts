import { z } from "zod";
import { DEFAULT_TRIP_SORT, TRAVEL_STYLES, TRIP_LIST_ROLES, TRIP_SORTS } from "../constants.ts";
import { safeText } from "./safe-input.ts";
import { tripSchema } from "./trip.ts";

export const TRIP_PAGE_SIZE = 20;
export const TRIP_PAGE_SIZE_MAX = 50;
export const TRIP_SEARCH_MAX_LENGTH = 100;

// Query strings and form fields send "" for an empty control: that means "no filter".
const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

// Whitespace runs collapse to one space, so a pasted "  old   town " finds "old town".
const searchText = z.preprocess(
  emptyToUndefined,
  safeText("Search")
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(z.string().max(TRIP_SEARCH_MAX_LENGTH, "Search is too long"))
    .optional(),
);

const budgetBound = (label: string) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: `${label} must be a number` })
      .finite(`${label} must be a number`)
      .nonnegative(`${label} cannot be negative`)
      .max(1e10, `${label} is too large`)
      .optional(),
  );

/** The filters a user sets on /trips; they live in the URL and go to GET /api/trips unchanged. */
export const tripFiltersSchema = z
  .object({
    q: searchText,
    destination: searchText,
    style: z.preprocess(emptyToUndefined, z.enum(TRAVEL_STYLES).optional()),
    minBudget: budgetBound("Min budget"),
    maxBudget: budgetBound("Max budget"),
    // The specification's filter has a status field with no control; the API accepts it.
    status: z.preprocess(emptyToUndefined, safeText("Status").trim().max(40).optional()),
    sort: z.preprocess(emptyToUndefined, z.enum(TRIP_SORTS).default(DEFAULT_TRIP_SORT)),
    // "owner": the user's own trips; "shared": those shared with them; unset: both.
    role: z.preprocess(emptyToUndefined, z.enum(TRIP_LIST_ROLES).optional()),
  })
  .refine(
    (f) => f.minBudget === undefined || f.maxBudget === undefined || f.minBudget <= f.maxBudget,
    { message: "Min budget cannot be more than max budget", path: ["maxBudget"] },
  );
export type TripFilters = z.output<typeof tripFiltersSchema>;

/** GET /api/trips query: the filters plus keyset paging. */
export const tripListQuerySchema = z.intersection(
  tripFiltersSchema,
  z.object({
    cursor: z.preprocess(emptyToUndefined, safeText("Cursor").max(300).optional()),
    limit: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(TRIP_PAGE_SIZE_MAX).default(TRIP_PAGE_SIZE),
    ),
  }),
);
export type TripListQuery = z.output<typeof tripListQuerySchema>;

/** At most this many of a trip's located activities travel with its card (its small map). */
export const TRIP_CARD_POINTS_MAX = 24;

/** A list card: everything but the itinerary and its places, plus where its activities are. */
export const tripSummarySchema = tripSchema
  .omit({
    itinerary: true,
    place: true,
    grounding: true,
    sharePath: true,
    party: true,
    spending: true,
    stops: true,
    transport: true,
    stays: true,
    settlementCurrency: true,
    travelMode: true,
  })
  .extend({
    // [lat, lng] of the located activities in visit order (My Trips draws them; other answers omit it).
    points: z
      .array(z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]))
      .max(TRIP_CARD_POINTS_MAX)
      .optional(),
  });
export type TripSummary = z.infer<typeof tripSummarySchema>;

export const tripListResponseSchema = z.object({
  trips: z.array(tripSummarySchema),
  nextCursor: z.string().nullable(),
});
export type TripListResponse = z.infer<typeof tripListResponseSchema>;
