import { isDeepStrictEqual } from "node:util";
import { formatDayLabel } from "#shared/format.ts";
import type { Activity, Itinerary } from "#shared/schemas/itinerary.ts";
import type { SaveReason } from "#shared/schemas/trip-history.ts";

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

type Content = Omit<Activity, "id">;
const content = ({ id: _, ...rest }: Activity): Content => rest;
export const sameJson = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

/** One line per thing that changed, in the order a reader expects (fields, then activities). */
function changes(before: DescribedFields, after: DescribedFields): string[] {
  const lines: string[] = [];
  if (before.name !== after.name) lines.push(`Renamed the trip “${after.name}”`);
  if (before.destination !== after.destination)
    lines.push(`Changed the destination to ${after.destination}`);
  if (before.startDate !== after.startDate || before.endDate !== after.endDate)
    lines.push("Changed the dates");
  if (Number(before.budget) !== Number(after.budget)) lines.push("Changed the budget");
  if (before.travelStyle !== after.travelStyle) lines.push("Changed the travel style");
  if (!sameJson([...before.interests].sort(), [...after.interests].sort()))
    lines.push("Changed the interests");
  const datesMoved = before.startDate !== after.startDate;
  const was = locate(before.itinerary);
  const now = locate(after.itinerary);
  for (const [id, at] of now) {
    const old = was.get(id);
    const name = at.activity.activity;
    if (!old) lines.push(`Added “${name}” to ${formatDayLabel(at.date)}`);
    else if (!sameJson(content(old.activity), content(at.activity)))
      lines.push(`Changed “${name}”`);
    // A change of dates moves every day; only a move to another day of the plan is news.
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
      (d, i) => !sameJson(d.activities, before.itinerary.days[i]?.activities),
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
