import { eq } from "drizzle-orm";
import { MAX_ACTIVITIES_PER_DAY, TRIP_CONFLICT_MESSAGE } from "#shared/constants.ts";
import type { Idea, IdeaPlanInput } from "#shared/schemas/ideas.ts";
import type { Activity, Day } from "#shared/schemas/itinerary.ts";
import { tripPatchSchema, type ActivityInput } from "#shared/schemas/trip-edit.ts";
import { tripIdeas, type TripIdeaRow, type TripRow } from "../db/schema.ts";
import { AppError } from "../lib/http-errors.ts";
import type { GeoService } from "../services/geo/geo-service.ts";
import { applyTripChanges, type ApplyDeps } from "../trips/trip-apply.ts";
import type { TripAccess } from "../trips/trip-dto.ts";
import { findIdea } from "./ideas.ts";
import { invalid } from "./trip-change.ts";

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** No time asked: after the day's last activity ends (on the half hour), 10:00 on an empty day. */
export function nextFreeTime(day: Pick<Day, "activities">): string {
  const ends = day.activities.map((a) => minutesOf(a.time) + a.durationMinutes);
  if (ends.length === 0) return "10:00";
  const after = Math.ceil(Math.max(...ends) / 30) * 30;
  return timeOf(Math.min(Math.max(after, 9 * 60), 22 * 60));
}

/** The idea as the editor would send a new activity: its real place and hours when it has them. */
function activityOf(idea: TripIdeaRow, time: string): ActivityInput {
  const place = idea.place;
  return {
    time,
    activity: idea.title,
    location: place?.name ?? idea.title,
    description: idea.note.slice(0, 1000),
    cost: null,
    lat: place?.lat ?? null,
    lng: place?.lng ?? null,
    osmId: place?.osmId ?? null,
    openingHours: place?.openingHours ?? null,
    // A maps link is not the place's website; a website is, when it fits the activity's field.
    website:
      idea.url &&
      idea.url.length <= 500 &&
      !idea.place?.osmId &&
      !/maps|openstreetmap/i.test(idea.url)
        ? idea.url
        : null,
    why: null,
  };
}

/** The day's activities with the new one placed by time (after those at the same time). */
function placedByTime(activities: Activity[], added: ActivityInput): ActivityInput[] {
  const at = activities.findIndex((a) => a.time > added.time);
  const list: ActivityInput[] = [...activities];
  list.splice(at < 0 ? list.length : at, 0, added);
  return list;
}

export type Planned = { idea: Idea; trip: TripRow; access: TripAccess };

/**
 * "Add to day…": the idea becomes an activity of that day through the same versioned change the
 * editor makes (merged, placed, matched, in the history, live), and the idea is marked planned with
 * that activity. Removing the activity later returns the idea to the list (ideas.ts, followPlan).
 */
export async function planIdea(
  deps: ApplyDeps,
  input: {
    userId: string;
    trip: TripRow;
    ideaId: string;
    plan: IdeaPlanInput;
    geo: GeoService;
    signal: AbortSignal;
  },
): Promise<Planned> {
  const { db } = deps.database;
  const { trip, plan } = input;
  const idea = await findIdea(db, trip, input.ideaId);
  const [row] = await db.select().from(tripIdeas).where(eq(tripIdeas.id, idea.id));
  if (!row) throw new Error("the idea was just read");
  const day = trip.itinerary.days.find((d) => d.date === plan.date);
  if (!day)
    throw invalid(
      ["date"],
      `Date must be one of the trip's days (${trip.startDate} to ${trip.endDate})`,
    );
  if (day.activities.length >= MAX_ACTIVITIES_PER_DAY)
    throw invalid(["date"], `At most ${MAX_ACTIVITIES_PER_DAY} activities a day`);
  const added = activityOf(row, plan.time ?? nextFreeTime(day));
  const known = new Set(trip.itinerary.days.flatMap((d) => d.activities.map((a) => a.id)));
  const patch = tripPatchSchema.parse({
    version: trip.version,
    itinerary: {
      days: trip.itinerary.days.map((d) => ({
        date: d.date,
        activities: d.date === plan.date ? placedByTime(d.activities, added) : d.activities,
      })),
    },
  });
  const result = await applyTripChanges(deps, {
    userId: input.userId,
    tripId: trip.id,
    patch,
    geo: input.geo,
    signal: input.signal,
  });
  if (!result.ok) throw new AppError(409, "conflict", TRIP_CONFLICT_MESSAGE);
  const savedDay = result.row.itinerary.days.find((d) => d.date === plan.date);
  const activity = savedDay?.activities.find((a) => !known.has(a.id));
  if (!activity) throw new Error("the saved day holds the added activity");
  await db
    .update(tripIdeas)
    .set({
      status: "planned",
      plannedActivityId: activity.id,
      plannedDate: plan.date,
      updatedAt: new Date(),
    })
    .where(eq(tripIdeas.id, row.id));
  // Said again now the idea is marked: a page that read the ideas on the first word reads them again.
  await deps.live.publishChange(trip.id, result.row.version);
  return {
    idea: await findIdea(db, result.row, row.id),
    trip: result.row,
    access: result.access,
  };
}
