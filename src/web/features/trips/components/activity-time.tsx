import { endTime, formatDuration } from "#shared/format.ts";
import type { Activity } from "#shared/schemas/itinerary.ts";

/** An activity's place on the day: "09:00–10:30" and, below it, its length ("1 h 30 min"). */
export function ActivityTime({
  activity,
  className,
}: {
  activity: Pick<Activity, "time" | "durationMinutes">;
  className?: string;
}) {
  const end = endTime(activity.time, activity.durationMinutes);
  return (
    <p className={className}>
      <span className="whitespace-nowrap">
        <time>{activity.time}</time>–<time>{end}</time>
      </span>
      <span className="block font-sans text-xs font-normal text-slate-600">
        <span className="sr-only">Lasts </span>
        {formatDuration(activity.durationMinutes)}
      </span>
    </p>
  );
}
