import { isDeepStrictEqual } from "node:util";
import { formatDayLabel } from "#shared/format.ts";
import type { Activity, Itinerary } from "#shared/schemas/itinerary.ts";
import type { SaveReason } from "#shared/schemas/trip-history.ts";
import type { Stay, Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { stopNights } from "#shared/trip-stop-days.ts";
import { journeyLabel } from "../bookings/booking-labels.ts";

/** The fields a change is described from (a trip row, a snapshot or a patched trip). */
export type DescribedFields = {
  name: string;
  destination: string;
  startDate: string;
  endDate: string;
  budget: number | string;
  travelStyle: string;
  interests: string[];
  itinerary: Itinerary;
  // Absent on versions saved before stops existed: nothing to compare then.
  stops?: readonly TripStop[] | undefined;
  transport?: readonly Transport[] | undefined;
  stays?: readonly Stay[] | undefined;
};

type Located = { activity: Activity; date: string; index: number };

const locate = (itinerary: Itinerary) => {
  const map = new Map<string, Located>();
  for (const day of itinerary.days)
    day.activities.forEach((activity, index) =>
      map.set(activity.id, { activity, date: day.date, index }),
    );
  return map;
};

// Its stop follows from its day (and the stops): a move says it, not a change.
// Nor is its leg (travel), which the server routes after every change.
type Content = Omit<Activity, "id" | "stopIndex" | "travel">;
const content = ({ id: _, stopIndex: _stop, travel: _travel, ...rest }: Activity): Content => rest;
export const sameJson = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

/**
 * The same cities in the same order with the same nights, the last one's aside: a trip's new length
 * is its last stop's (that is "Changed the dates", said already).
 */
const sameStops = (a: readonly TripStop[], b: readonly TripStop[]) =>
  sameJson(
    a.map((stop, i) => [stop.id, stop.destination, i < a.length - 1 ? stopNights(stop) : 0]),
    b.map((stop, i) => [stop.id, stop.destination, i < b.length - 1 ? stopNights(stop) : 0]),
  );

/** "Added the train Paris → Lyon", "Added a stay in Lyon", "Removed the flight Lyon → Paris". */
function bookingLines(before: DescribedFields, after: DescribedFields): string[] {
  const lines: string[] = [];
  const was = new Map((before.transport ?? []).map((j) => [j.id, j]));
  const now = new Map((after.transport ?? []).map((j) => [j.id, j]));
  for (const [id, journey] of now) {
    const old = was.get(id);
    if (!old) lines.push(`Added the ${journeyLabel(journey)}`);
    else if (!sameJson(old, journey)) lines.push(`Changed the ${journeyLabel(journey)}`);
  }
  for (const [id, old] of was) if (!now.has(id)) lines.push(`Removed the ${journeyLabel(old)}`);
  const cityOf = (fields: DescribedFields, stay: Stay) =>
    fields.stops?.[stay.stopIndex]?.destination ?? stay.name;
  const stayed = new Map((before.stays ?? []).map((stay) => [stay.id, stay]));
  const stays = new Map((after.stays ?? []).map((stay) => [stay.id, stay]));
  for (const [id, stay] of stays) {
    const old = stayed.get(id);
    if (!old) lines.push(`Added a stay in ${cityOf(after, stay)}`);
    else if (!sameJson(old, stay)) lines.push(`Changed the stay in ${cityOf(after, stay)}`);
  }
  for (const [id, old] of stayed)
    if (!stays.has(id)) lines.push(`Removed the stay in ${cityOf(before, old)}`);
  return lines;
}

/** One line per thing that changed, in the order a reader expects (fields, then activities). */
function changes(before: DescribedFields, after: DescribedFields): string[] {
  const lines: string[] = [];
  // First: the destination and dates that follow from new stops come with it.
  const stopsChanged = before.stops && after.stops && !sameStops(before.stops, after.stops);
  if (stopsChanged) lines.push("Changed the stops");
  if (before.name !== after.name) lines.push(`Renamed the trip “${after.name}”`);
  if (before.destination !== after.destination)
    lines.push(`Changed the destination to ${after.destination}`);
  if (before.startDate !== after.startDate || before.endDate !== after.endDate)
    lines.push("Changed the dates");
  if (Number(before.budget) !== Number(after.budget)) lines.push("Changed the budget");
  if (before.travelStyle !== after.travelStyle) lines.push("Changed the travel style");
  if (!sameJson([...before.interests].sort(), [...after.interests].sort()))
    lines.push("Changed the interests");
  lines.push(...bookingLines(before, after));
  // A change of dates or stops moves days; only a move to another day of the plan is news.
  const datesMoved = before.startDate !== after.startDate || stopsChanged;
  const was = locate(before.itinerary);
  const now = locate(after.itinerary);
  for (const [id, at] of now) {
    const old = was.get(id);
    const name = at.activity.activity;
    if (!old) lines.push(`Added “${name}” to ${formatDayLabel(at.date)}`);
    else if (!sameJson(content(old.activity), content(at.activity)))
      lines.push(`Changed “${name}”`);
    else if (!datesMoved && old.date !== at.date)
      lines.push(`Moved “${name}” to ${formatDayLabel(at.date)}`);
  }
  for (const [id, old] of was) if (!now.has(id)) lines.push(`Removed “${old.activity.activity}”`);
  if (lines.length === 0 && !sameJson(before.itinerary, after.itinerary))
    lines.push("Reordered activities");
  return lines;
}

/**
 * The history line for a save: "Moved “Lunch at Chez Janou” to Tue 29 Dec", "Changed the dates",
 * "Regenerated Tue 29 Dec", with "and 2 more changes" when one save did several things.
 */
export function describeChange(
  before: DescribedFields,
  after: DescribedFields,
  reason: SaveReason = "edit",
): string {
  const lines = changes(before, after);
  if (reason === "regenerate") {
    const day = after.itinerary.days.find(
      (d, i) =>
        !sameJson(d.activities.map(content), before.itinerary.days[i]?.activities.map(content)),
    );
    return day ? `Regenerated ${formatDayLabel(day.date)}` : "Regenerated a day";
  }
  if (reason === "chat") return "Accepted the assistant’s proposal";
  if (reason === "import") return "Imported a plan";
  const [first, ...rest] = lines;
  if (!first) return "Saved without changes";
  if (rest.length === 0) return first;
  return `${first} and ${rest.length} more ${rest.length === 1 ? "change" : "changes"}`;
}
