import type { ComponentProps } from "react";
import { MealLabel } from "../components/meal-label.tsx";
import { useSortable } from "@dnd-kit/sortable";
import { ActivityTime } from "../components/activity-time.tsx";
import { CSS } from "@dnd-kit/utilities";
import type { RealismWarning } from "#shared/realism-warning.ts";
import type { Activity, Day } from "#shared/schemas/itinerary.ts";
import type { TravelMode } from "#shared/schemas/travel.ts";
import { Button } from "#web/components/ui/button.tsx";
import { GripIcon } from "#web/components/ui/icons.tsx";
import { Menu } from "#web/components/ui/menu.tsx";
import {
  useIsActivitySelected,
  useScrollWhenPickedOnMap,
} from "#web/lib/trip/activity-selection.ts";
import { formatWeekday } from "#web/lib/format.ts";
import { ActivityPlace, type PlaceContext } from "../components/activity-place.tsx";
import { previousOnDay } from "#shared/travel-note.ts";
import { ActivityCost, ActivityNotes } from "../components/day-activities.tsx";
import { ActivityForm } from "./activity-form.tsx";
import type { BusyAt } from "./editable-trip.ts";
import type { TripDetailSlots } from "#web/lib/trip/trip-slots.ts";

type Props = {
  activity: Activity;
  day: Day;
  days: readonly Day[];
  /** The realism warnings shown on this activity. */
  warnings: readonly RealismWarning[];
  editing: boolean;
  /** Where the activity is now (null: removed by someone else while its form was open). */
  dayDate: string | null;
  /** The day it was moved to by someone else while its form was open. */
  whereNow?: string;
  onEdit: () => void;
  onCancelEdit: () => void;
  onSave: ComponentProps<typeof ActivityForm>["onSave"];
  onRemove: () => void;
  onMoveToDay: (date: string) => void;
  /** A time that fits where the activity was moved to (null: its time fits). */
  fittingTime: string | null;
  /** Moved here and its time is taken: by what, and the nearest free time (null: it is free). */
  busy: BusyAt | null;
  onUseTime: (time: string) => void;
  slots: TripDetailSlots;
  placeContext: PlaceContext;
  /** A booked activity that repeats the plan: "Replace the planned dinner" and the like. */
  fits?: readonly { label: string; onSelect: () => void }[];
  /** Re-routes the leg reaching this activity by another mode (issue 46). */
  onSetLegMode?: (mode: TravelMode) => void;
};

const LEG_MODE_CHOICES: { mode: TravelMode; label: string }[] = [
  { mode: "walk", label: "Walk" },
  { mode: "transit", label: "Public transport" },
  { mode: "bike", label: "Bike" },
  { mode: "drive", label: "Car or taxi" },
];

/** The id of an activity's Edit button, where focus returns after its form closes. */
export const activityEditButtonId = (id: string) => `edit-activity-${id}`;

/** One activity of the day being edited: a drag handle (pointer or keyboard), Edit, Move to, Remove. */
export function SortableActivity({
  activity,
  day,
  days,
  warnings,
  editing,
  dayDate,
  whereNow,
  onEdit,
  onCancelEdit,
  onSave,
  onRemove,
  onMoveToDay,
  fittingTime,
  busy,
  onUseTime,
  slots,
  placeContext,
  fits = [],
  onSetLegMode,
}: Props) {
  const {
    setNodeRef,
    setActivatorNodeRef,
    attributes,
    listeners,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: activity.id, data: { date: day.date } });
  const style = { transform: CSS.Translate.toString(transform), transition };
  const selected = useIsActivitySelected(activity.id);
  const scrollRef = useScrollWhenPickedOnMap(activity.id);
  if (editing) {
    return (
      <li ref={setNodeRef} style={style}>
        <ActivityForm
          title={`Edit ${activity.activity}`}
          submitLabel="Save activity"
          initial={activity}
          dayDate={dayDate}
          {...(whereNow ? { whereNow } : {})}
          onSave={onSave}
          onCancel={onCancelEdit}
          renderLocationField={slots.renderLocationField}
        />
      </li>
    );
  }
  // A time that fits its place in the order; else, moved here onto a taken time, the nearest free one.
  const offered = fittingTime ?? busy?.freeTime ?? null;
  const otherDays = days
    .map((d, i) => ({ date: d.date, label: `Day ${i + 1} · ${formatWeekday(d.date)}` }))
    .filter((d) => d.date !== day.date);
  return (
    <li
      ref={(node) => {
        setNodeRef(node);
        scrollRef(node);
      }}
      style={style}
      aria-current={selected ? "true" : undefined}
      className={`rounded-lg border bg-white p-3 sm:p-4 ${isDragging ? "border-brand-600 relative z-10 shadow-lg" : selected ? "border-brand-700 ring-brand-600 ring-2" : "border-slate-200"}`}
    >
      <div className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 sm:grid-cols-[auto_7rem_1fr_auto]">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Move ${activity.activity}`}
          className="focus-visible:outline-brand-700 row-span-2 flex h-10 w-8 cursor-grab touch-none items-center justify-center rounded text-slate-500 hover:bg-slate-100 focus-visible:outline-2 sm:row-span-1"
        >
          <GripIcon className="size-5" />
        </button>
        <div className="flex flex-col items-start gap-1">
          <ActivityTime
            activity={activity}
            className="text-brand-800 font-mono text-sm font-semibold"
          />
          {offered ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onUseTime(offered)}
              aria-label={`Use ${offered} for ${activity.activity}`}
            >
              Use {offered}
            </Button>
          ) : null}
        </div>
        <div className="col-start-2 min-w-0 sm:col-start-auto">
          <MealLabel activity={activity} />
          <h3 className="font-semibold break-words">{activity.activity}</h3>
          <p className="text-sm break-words text-slate-600">
            <span className="sr-only">Location: </span>
            {activity.location}
          </p>
          <ActivityPlace activity={activity} date={day.date} context={placeContext} />
          {activity.description ? (
            <p className="mt-1 break-words text-slate-800">{activity.description}</p>
          ) : null}
          <ActivityNotes
            activity={activity}
            previous={previousOnDay(day, activity.id)}
            warnings={warnings}
          />
          {busy && !fittingTime ? (
            <p className="mt-1 text-sm font-medium text-amber-900">
              <span aria-hidden="true">⚠ </span>
              <span className="sr-only">Worth a look: </span>
              No free time at {activity.time} on this day: “{busy.blocking.activity}” runs{" "}
              {busy.blocking.time}–{busy.until}.{" "}
              {busy.freeTime
                ? `The nearest free time is ${busy.freeTime}.`
                : `No time is free for ${activity.durationMinutes} minutes on this day.`}
            </p>
          ) : null}
        </div>
        <p className="col-start-2 text-sm font-medium sm:col-start-auto sm:text-right">
          <span className="sr-only">Cost: </span>
          <ActivityCost
            cost={activity.cost}
            estimated={placeContext.estimatedCosts}
            local={placeContext.local?.(activity, day)}
          />
        </p>
      </div>
      {fits.length > 0 ? (
        <div className="mt-2 flex flex-wrap items-center gap-2 rounded-md bg-sky-50 p-2 text-sm">
          <p className="text-slate-800">This booking repeats the plan.</p>
          {fits.map((fit) => (
            <Button key={fit.label} variant="secondary" size="sm" onClick={fit.onSelect}>
              {fit.label}
            </Button>
          ))}
        </div>
      ) : null}
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <Button
          id={activityEditButtonId(activity.id)}
          variant="secondary"
          size="sm"
          onClick={onEdit}
          aria-label={`Edit ${activity.activity}`}
        >
          Edit
        </Button>
        {otherDays.length > 0 ? (
          <Menu
            label={
              <>
                Move to<span className="sr-only"> another day: {activity.activity}</span>
              </>
            }
            items={otherDays.map((d) => ({ label: d.label, onSelect: () => onMoveToDay(d.date) }))}
          />
        ) : null}
        {activity.travel && onSetLegMode ? (
          <Menu
            label={
              <>
                Get here by<span className="sr-only">: {activity.activity}</span>
              </>
            }
            items={LEG_MODE_CHOICES.filter((c) => c.mode !== activity.travel?.mode).map((c) => ({
              label: c.label,
              onSelect: () => onSetLegMode(c.mode),
            }))}
          />
        ) : null}
        <Button
          variant="danger"
          size="sm"
          onClick={onRemove}
          aria-label={`Remove ${activity.activity}`}
        >
          Remove
        </Button>
      </div>
      {slots.renderActivityExtras?.(activity, day, { remove: onRemove })}
    </li>
  );
}
