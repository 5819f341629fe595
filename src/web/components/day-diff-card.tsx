import type { ReactNode } from "react";
import type { Activity } from "#shared/schemas/itinerary.ts";
import { diffDay, hasChanges, type ActivityDiff, type DiffField } from "#web/lib/trip/day-diff.ts";
import { Button } from "./ui/button.tsx";
import { onFirstUse } from "#web/lib/on-first-use.ts";

export type DiffCardDay = {
  date: string;
  title: string;
  before: readonly Activity[];
  after: readonly Activity[];
};

const FIELD_LABELS: Record<DiffField, string> = {
  time: "Time",
  activity: "Activity",
  location: "Location",
  description: "Description",
  cost: "Cost",
};
const BADGES = {
  added: ["Added", "bg-green-100 text-green-900"],
  removed: ["Removed", "bg-red-100 text-red-900"],
  changed: ["Changed", "bg-amber-100 text-amber-900"],
  same: ["Unchanged", "bg-slate-100 text-slate-700"],
} as const;

const usd = onFirstUse(
  () => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }),
);
const show = (field: DiffField, activity: Activity) =>
  field === "cost"
    ? activity.cost === null
      ? "unknown"
      : usd().format(activity.cost)
    : activity[field];

function DiffItem({ diff }: { diff: ActivityDiff }) {
  const [label, colors] = BADGES[diff.kind];
  const activity = diff.kind === "removed" ? diff.before : diff.after;
  return (
    <li className="rounded-md border border-slate-200 bg-white p-2 text-sm">
      <span className={`mr-2 rounded px-1.5 py-0.5 text-xs font-semibold ${colors}`}>{label}</span>
      <span className={diff.kind === "removed" ? "line-through" : "font-medium"}>
        {activity.time} {activity.activity}
      </span>
      {diff.kind === "added" ? (
        <span className="block text-slate-600">{activity.location}</span>
      ) : null}
      {diff.kind === "changed" ? (
        <ul className="mt-1 text-slate-700">
          {diff.fields.map((field) => (
            <li key={field} className="break-words">
              {FIELD_LABELS[field]}: {show(field, diff.before)} → {show(field, diff.after)}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * A proposed change to one or more days, shown as a difference (added, removed, changed) with
 * Accept and Discard. Shared by the editor's "Regenerate day" and the assistant's proposals.
 */
export function DayDiffCard({
  heading,
  summary,
  days,
  onAccept,
  onDiscard,
  busy = false,
  notice,
}: {
  heading: string;
  summary?: ReactNode;
  days: readonly DiffCardDay[];
  onAccept: (() => void) | null;
  onDiscard: () => void;
  busy?: boolean;
  notice?: { kind: "error" | "info"; text: string } | null;
}) {
  const diffs = days.map((day) => ({ day, diffs: diffDay(day.before, day.after) }));
  const changed = diffs.some((d) => hasChanges(d.diffs));
  return (
    <section
      aria-label={heading}
      className="flex flex-col gap-3 rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-3 text-slate-900"
    >
      <p className="font-semibold">{heading}</p>
      {summary ? <p className="text-sm">{summary}</p> : null}
      {diffs.map(({ day, diffs: list }) => (
        <div key={day.date}>
          <p className="text-sm font-semibold">{day.title}</p>
          {list.length === 0 ? (
            <p className="text-sm text-slate-700">No activities.</p>
          ) : (
            <ul className="mt-1 flex flex-col gap-1">
              {list.map((diff) => (
                <DiffItem
                  key={`${diff.kind}-${diff.kind === "removed" ? diff.before.id : diff.after.id}`}
                  diff={diff}
                />
              ))}
            </ul>
          )}
        </div>
      ))}
      {!changed ? <p className="text-sm">This proposal changes nothing.</p> : null}
      {notice ? (
        <p
          role={notice.kind === "error" ? "alert" : "status"}
          className={notice.kind === "error" ? "text-sm text-red-800" : "text-sm"}
        >
          {notice.text}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {onAccept ? (
          <Button size="sm" onClick={onAccept} disabled={busy || !changed}>
            {busy ? "Saving..." : "Accept"}
          </Button>
        ) : null}
        <Button size="sm" variant="secondary" onClick={onDiscard} disabled={busy}>
          Discard
        </Button>
      </div>
    </section>
  );
}
