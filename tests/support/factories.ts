import { addDays, formatISO } from "./dates.ts";
import type { Db } from "#server/db/database.ts";
import { trips, type TripRow } from "#server/db/schema.ts";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { newShareToken } from "#server/trips/share-token.ts";
import { requestStops } from "#server/planner/request-stops.ts";
import type { Activity, Itinerary } from "#shared/schemas/itinerary.ts";
import type { Stay } from "#shared/schemas/trip-stops.ts";
import { UNPLACED } from "#shared/place-fields.ts";

/** A stay of the first stop from its dates: a fresh id, no place and no reference, unless overridden. */
export const stayOf = (checkIn: string, checkOut: string, extra: Partial<Stay> = {}): Stay => ({
  id: randomUUID(),
  stopIndex: 0,
  name: "A stay",
  address: null,
  checkIn,
  checkOut,
  lat: null,
  lng: null,
  osmId: null,
  reference: null,
  ...extra,
});

/** A stored activity from its text fields: a fresh id and no place, unless overridden. */
export const activityOf = (
  draft: Pick<Activity, "time" | "activity" | "location" | "description" | "cost"> &
    Partial<Activity>,
): Activity => ({
  id: randomUUID(),
  durationMinutes: 60,
  ...UNPLACED,
  ...draft,
});

export function buildItinerary(startDate: string, days: number): Itinerary {
  return {
    days: Array.from({ length: days }, (_, i) => ({
      date: formatISO(addDays(startDate, i)),
      activities: [
        activityOf({
          time: "09:00",
          activity: `Morning walk ${i + 1}`,
          location: "Old Town",
          description: "A gentle start.",
          cost: 0,
        }),
        activityOf({
          time: "13:00",
          activity: `Lunch ${i + 1}`,
          location: "Market Hall",
          description: "Local dishes.",
          cost: 25,
        }),
      ],
    })),
  };
}

type TripOverrides = Partial<Omit<typeof trips.$inferInsert, "userId">> & { days?: number };

/** Inserts a trip directly (for tests of reading, listing and sharing; creation has its own tests). */
/** The row insertTrip writes: today's columns, a realistic itinerary, the overrides on top. */
function tripValues(userId: string, overrides: TripOverrides) {
  const { days = 3, ...rest } = overrides;
  const startDate = rest.startDate ?? "2027-03-01";
  return {
    userId,
    destination: "Lisbon, Portugal",
    startDate,
    endDate: formatISO(addDays(startDate, days - 1)),
    budget: 1500,
    travelStyle: "comfort",
    interests: ["Food & Dining", "History"],
    itinerary: buildItinerary(startDate, days),
    status: "generated",
    // A public trip has its link's token, as the share route gives it.
    shareToken: rest.isPublic ? newShareToken() : null,
    ...rest,
    name: rest.name ?? rest.destination ?? "Lisbon, Portugal",
    // One stop, as every trip planned with one destination is (migration 0013).
    stops:
      rest.stops ??
      requestStops(
        {
          destination: rest.destination ?? "Lisbon, Portugal",
          startDate,
          endDate: rest.endDate ?? formatISO(addDays(startDate, days - 1)),
        },
        [rest.place],
      ),
  };
}

export async function insertTrip(
  db: Db,
  userId: string,
  overrides: TripOverrides = {},
): Promise<TripRow> {
  const [row] = await db.insert(trips).values(tripValues(userId, overrides)).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/**
 * insertTrip for a database migrated to 0009–0012: only the columns those releases had (named, so
 * columns added later, such as card_points in 0012 or stops in 0013, are neither written nor read).
 */
export async function insertTripBeforeCardPoints(
  db: Db,
  userId: string,
  overrides: TripOverrides = {},
): Promise<{ id: string }> {
  const v = tripValues(userId, overrides);
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into trips (user_id, name, destination, start_date, end_date, budget, travel_style,
      interests, itinerary, status, is_public, share_token, place)
    values (${v.userId}, ${v.name}, ${v.destination}, ${v.startDate}, ${v.endDate}, ${v.budget},
      ${v.travelStyle}, array(select jsonb_array_elements_text(${JSON.stringify(v.interests)}::jsonb)),
      ${JSON.stringify(v.itinerary)}::jsonb, ${v.status},
      ${v.isPublic ?? false}, ${v.shareToken}, ${v.place ? JSON.stringify(v.place) : null}::jsonb)
    returning id::text`);
  const row = rows[0];
  if (!row) throw new Error("insert returned no row");
  return row;
}

type TripBeforeShareTokens = Pick<
  TripOverrides,
  "days" | "destination" | "startDate" | "itinerary" | "isPublic" | "place"
>;

/**
 * A trip as releases before share tokens (migration 0008) wrote it: only the columns they had, so it
 * can be inserted into a database migrated to an older tag (insertTrip names every column of today).
 */
export async function insertTripBeforeShareTokens(
  db: Db,
  userId: string,
  overrides: TripBeforeShareTokens = {},
): Promise<{ id: string }> {
  const { days = 3, startDate = "2027-03-01" } = overrides;
  const endDate = formatISO(addDays(startDate, days - 1));
  const itinerary = overrides.itinerary ?? buildItinerary(startDate, days);
  const place = overrides.place ? JSON.stringify(overrides.place) : null;
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into trips (user_id, destination, start_date, end_date, budget, travel_style, interests,
      itinerary, status, is_public, place)
    values (${userId}, ${overrides.destination ?? "Lisbon, Portugal"}, ${startDate}, ${endDate},
      1500, 'comfort', array['Food & Dining', 'History'], ${JSON.stringify(itinerary)}::jsonb,
      'generated', ${overrides.isPublic ?? false}, ${place}::jsonb)
    returning id::text`);
  const row = rows[0];
  if (!row) throw new Error("insert returned no row");
  return row;
}
