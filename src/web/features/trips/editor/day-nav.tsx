import { useDroppable } from "@dnd-kit/core";
import type { Day } from "#shared/schemas/itinerary.ts";
import { formatUsd, formatWeekday } from "#web/lib/format.ts";
import { dayTotal } from "../components/day-activities.tsx";

export const DAY_DROP_PREFIX = "day:";

function DayButton({
  day,
  number,
  selected,
  onSelect,
}: {
  day: Day;
  number: number;
  selected: boolean;
  onSelect: () => void;
}) {
  // Each day is a drop target: an activity dropped on it moves to the end of that day. The targets
  // touch (the space between the buttons is their padding, not a gap), so a pointer moving along the
  // list stays over a day and the page does not start scrolling in between.
  const { setNodeRef, isOver } = useDroppable({ id: `${DAY_DROP_PREFIX}${day.date}` });
  return (
    <li ref={setNodeRef} className="shrink-0 py-1 md:shrink">
      <button
        type="button"
        aria-pressed={selected}
        onClick={onSelect}
        className={`flex w-full items-center justify-between gap-3 rounded-lg border px-3 py-2 text-left md:px-4 md:py-3 ${
          isOver
            ? "border-brand-700 ring-brand-600 bg-brand-50 ring-2"
            : selected
              ? "border-brand-700 bg-brand-50 text-brand-800"
              : "border-slate-200 bg-white hover:bg-slate-50"
        }`}
      >
        {/* Phones: one line in the strip; wider screens: the weekday under the day. */}
        <span className="whitespace-nowrap md:whitespace-normal">
          <span className="font-semibold md:block">Day {number}</span>{" "}
          <span className="text-sm text-slate-600 md:block">{formatWeekday(day.date)}</span>
        </span>
        <span className="text-sm whitespace-nowrap">{formatUsd(dayTotal(day))}</span>
      </button>
    </li>
  );
}

/**
 * The list of days; the selected one is shown beside it. Phones: a horizontal strip that scrolls
 * sideways, so the chosen day's plan starts within the first screen (issue 44).
 */
export function DayNav({
  days,
  selected,
  onSelect,
}: {
  days: readonly Day[];
  selected: number;
  onSelect: (number: number) => void;
}) {
  return (
    // min-w-0: a grid item would otherwise grow to the strip's width and widen the page.
    <nav aria-label="Days" className="min-w-0">
      <ul className="-my-1 flex snap-x gap-2 overflow-x-auto md:flex-col md:gap-0 md:overflow-visible">
        {days.map((day, i) => (
          <DayButton
            key={day.date}
            day={day}
            number={i + 1}
            selected={i === selected}
            onSelect={() => onSelect(i + 1)}
          />
        ))}
      </ul>
    </nav>
  );
}
