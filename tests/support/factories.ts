import { addDays, formatISO } from "./dates.ts";
import type { Db } from "#server/db/database.ts";
import { trips, type TripRow } from "#server/db/schema.ts";
import { randomUUID } from "node:crypto";
import type { Activity, Itinerary } from "#shared/schemas/itinerary.ts";
import { UNPLACED } from "#shared/constants.ts";

/** A stored activity from its text fields: a fresh id and no place, unless overridden. */
export const activityOf = (
  draft: Pick<Activity, "time" | "activity" | "location" | "description" | "cost"> &
    Partial<Activity>,
): Activity => ({
  id: randomUUID(),
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
export async function insertTrip(
  db: Db,
  userId: string,
  overrides: TripOverrides = {},
): Promise<TripRow> {
  const { days = 3, ...rest } = overrides;
  const startDate = rest.startDate ?? "2027-03-01";
  const [row] = await db
    .insert(trips)
    .values({
      userId,
      destination: "Lisbon, Portugal",
      startDate,
      endDate: formatISO(addDays(startDate, days - 1)),
      budget: 1500,
      travelStyle: "comfort",
      interests: ["Food & Dining", "History"],
      itinerary: buildItinerary(startDate, days),
      status: "generated",
      ...rest,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}
