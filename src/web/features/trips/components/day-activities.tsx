import type { Day } from "#shared/schemas/itinerary.ts";
import { formatUsd } from "../format.ts";

/** The day's known costs; activities whose cost is unknown (null) are left out, never counted as 0. */
export const dayTotal = (day: Day) => day.activities.reduce((sum, a) => sum + (a.cost ?? 0), 0);
export const unknownCostCount = (day: Day) => day.activities.filter((a) => a.cost === null).length;

export const formatCost = (cost: number | null) =>
  cost === null ? "—" : cost === 0 ? "Free" : formatUsd(cost);

/** One day's activities, in order. All text is model output: rendered as text, never as HTML. */
export function DayActivities({
  day,
  activityHeading,
}: {
  day: Day;
  activityHeading: "h3" | "h4";
}) {
  const ActivityHeading = activityHeading;
  return (
    <>
      <ol className="flex flex-col gap-3">
        {day.activities.map((activity) => (
          <li
            key={activity.id}
            className="grid gap-1 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[5rem_1fr_auto] sm:gap-4"
          >
            <p className="text-brand-800 font-mono text-sm font-semibold">
              <time>{activity.time}</time>
            </p>
            <div className="min-w-0">
              <ActivityHeading className="font-semibold break-words">
                {activity.activity}
              </ActivityHeading>
              <p className="text-sm break-words text-slate-600">
                <span className="sr-only">Location: </span>
                {activity.location}
              </p>
              <p className="mt-1 break-words text-slate-800">{activity.description}</p>
            </div>
            <p className="text-sm font-medium sm:text-right">
              <span className="sr-only">Cost: </span>
              {activity.cost === null ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">unknown</span>
                </>
              ) : (
                formatCost(activity.cost)
              )}
            </p>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-right font-medium">
        Day total: {formatUsd(dayTotal(day))}
        {unknownCostCount(day) > 0 ? (
          <span className="block text-sm font-normal text-slate-600">
            Not counted: {unknownCostCount(day)} with unknown cost
          </span>
        ) : null}
      </p>
    </>
  );
}
