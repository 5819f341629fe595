import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useState, type ReactNode } from "react";
import { bookingFits } from "#shared/booking-fit.ts";
import { checkDayRealism } from "#shared/realism.ts";
import type { RouteContext } from "#shared/route-checks.ts";
import { isNote, RouteNotes } from "../stops/route-notes.tsx";
import type { Activity, Day } from "#shared/schemas/itinerary.ts";
import { MAX_ACTIVITIES_PER_DAY } from "#shared/constants.ts";
import { UNPLACED } from "#shared/place-fields.ts";
import { Button } from "#web/components/ui/button.tsx";
import type { PlaceContext } from "../components/activity-place.tsx";
import { DayTotal } from "../components/day-activities.tsx";
import { ActivityForm, EMPTY_ACTIVITY } from "./activity-form.tsx";
import {
  addActivity,
  fittingTime,
  isInTimeOrder,
  busyAt,
  moveActivityToDay,
  newActivityId,
  removeActivity,
  sortDayByTime,
  updateActivity,
} from "./editable-trip.ts";
import { arrivalPartOn } from "#shared/arrival-part.ts";
import { RegenerateDayPanel } from "./regenerate-day-panel.tsx";
import { OrderDayPanel } from "./order-day-panel.tsx";
import type { PlaceActivity, TripDetailSlots } from "#web/lib/trip/trip-slots.ts";
import { activityEditButtonId, SortableActivity } from "./sortable-activity.tsx";
import { usePendingFocus } from "./use-pending-focus.ts";
import { useSetLegMode } from "../api/set-leg-mode.ts";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { formatWeekday } from "#web/lib/format.ts";
import { formOutcome, saveFromForm, type SaveResult, type TripEditor } from "./use-trip-editor.ts";

const addButtonId = (date: string) => `add-activity-${date}`;

/**
 * A new activity's id once saved: the server gives it one (the card mounts with it a moment later);
 * kept offline, it keeps the tab's.
 */
const newIdOf = (result: SaveResult, date: string, known: Set<string>, tabId: string) =>
  result.status === "saved"
    ? result.trip.itinerary.days
        .find((d) => d.date === date)
        ?.activities.find((a) => !known.has(a.id))?.id
    : tabId;

/**
 * The selected day in the editor: its activities (sortable), Add activity, Regenerate day and Order
 * this day.
 */
export function EditableDay({
  tripId,
  day,
  days,
  title,
  editor,
  slots,
  map,
  dayBudget,
  placeActivity,
  placeContext,
  movedId = null,
  onMoved,
  stopsHeader,
  route,
  travelPending,
}: {
  /** Activities whose transit leg is still being asked: the day says so. */
  travelPending?: readonly string[] | undefined;
  /** A trip with several stops: the route checks (their notes shown for the day). */
  route?: RouteContext | undefined;
  /** A transfer day's "Paris → Lyon" with its journey (the editor's, with its forms). */
  stopsHeader?: ReactNode;
  tripId: string;
  day: Day;
  days: readonly Day[];
  title: string;
  editor: TripEditor;
  slots: TripDetailSlots;
  /** The map of this day (a slot), shown above its activities. */
  map?: ReactNode;
  /** The day's share of the trip's budget, for the realism checks (null: not checked). */
  dayBudget: number | null;
  placeActivity?: PlaceActivity;
  /** Real places: links, hours and the closed-place check (once the hours library is loaded). */
  placeContext: PlaceContext;
  /** The activity last moved (dragged, or to another day): offered a time that fits or is free. */
  movedId?: string | null;
  /** An activity of this day was moved to another day (Move to): checked there for a free time. */
  onMoved?: (id: string) => void;
}) {
  // The activity whose form is open, as last seen, and its place in this day: if someone else moves
  // it to another day or removes it, the form stays where it was, with what the traveller typed.
  const [editing, setEditing] = useState<{ activity: Activity; index: number } | null>(null);
  const editingId = editing?.activity.id ?? null;
  const atIndex = editing ? day.activities.findIndex((a) => a.id === editingId) : -1;
  const elsewhere =
    editing && atIndex < 0
      ? days
          .map((d, i) => ({
            i,
            date: d.date,
            activity: d.activities.find((a) => a.id === editingId),
          }))
          .find((d) => d.activity)
      : undefined;
  const latestCopy = atIndex >= 0 ? day.activities[atIndex] : elsewhere?.activity;
  if (
    editing &&
    latestCopy &&
    (latestCopy !== editing.activity || (atIndex >= 0 && atIndex !== editing.index))
  )
    setEditing({ activity: latestCopy, index: atIndex >= 0 ? atIndex : editing.index });
  // What the list shows: the day, and the open form where it was when its activity left the day.
  const shown =
    editing && atIndex < 0
      ? day.activities.toSpliced(
          Math.min(editing.index, day.activities.length),
          0,
          editing.activity,
        )
      : day.activities;
  const [adding, setAdding] = useState(false);
  // Where keyboard focus goes after a save, cancel or removal: an activity (its Edit button) or, with
  // none to go to, the day's Add activity button.
  const { focusAfter, clear: clearFocus } = usePendingFocus();
  const setLegMode = useSetLegMode(tripId);
  const focusActivity = (id: string | null | undefined) =>
    id ? activityEditButtonId(id) : addButtonId(day.date);
  /** The activity after `id` (or before it, at the end of the day) gets focus when it goes. */
  const neighbourOf = (id: string) => {
    const at = day.activities.findIndex((a) => a.id === id);
    return (day.activities[at + 1] ?? day.activities[at - 1])?.id;
  };
  const [regenerateRequest, setRegenerateRequest] = useState<{
    instruction: string;
    at: number;
  } | null>(null);
  // Times, distances, hours, money, repeats and closed places: shown gently beside the activity
  // they concern, recomputed on every edit (a new time re-checks the place's hours at once).
  const checks = checkDayRealism(day, {
    dayBudget,
    otherDays: days,
    openAt: placeContext.hours?.openAt,
    route,
  });
  // Notes ("Where are you staying in Lyon?") are the day's, gently; warnings go beside activities.
  const notes = checks.filter(isNote);
  const warnings = checks.filter((w) => !isNote(w));
  const flagged = new Set(warnings.map((w) => w.activityId)).size;
  // A booking that repeats the plan offers to take the planned one out (issue 44).
  const fits = bookingFits(days);
  const dayLabel = (date: string) =>
    `Day ${days.findIndex((d) => d.date === date) + 1} · ${formatWeekday(date)}`;
  const full = day.activities.length >= MAX_ACTIVITIES_PER_DAY;

  return (
    <section aria-labelledby="selected-day-heading" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="selected-day-heading" className="text-xl font-semibold">
          {title}
        </h2>
      </div>
      {stopsHeader}
      <RouteNotes notes={notes} />
      <RegenerateDayPanel
        key={day.date}
        tripId={tripId}
        day={day}
        title={title}
        editor={editor}
        request={regenerateRequest}
        arrival={arrivalPartOn(day.date, route)}
        actions={
          <OrderDayPanel key={day.date} tripId={tripId} day={day} title={title} editor={editor} />
        }
      />
      {/* Phones: the map above the list. Wide screens: beside it, staying in view while scrolling. */}
      <div className="flex flex-col gap-3 xl:grid xl:grid-cols-[minmax(0,1fr)_minmax(22rem,42%)] xl:items-start xl:gap-4">
        {map ? (
          <div className="min-w-0 xl:sticky xl:top-4 xl:col-start-2 xl:row-start-1">{map}</div>
        ) : null}
        <div className="flex min-w-0 flex-col gap-3 xl:col-start-1 xl:row-start-1">
          {flagged > 0 ? (
            <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
              {flagged === 1 ? "One activity on this day" : `${flagged} activities on this day`} may
              need a look; the reasons are beside {flagged === 1 ? "it" : "them"}. Nothing was
              changed: the plan is kept as you set it.
            </p>
          ) : null}
          {isInTimeOrder(day) ? null : (
            <div className="flex flex-wrap items-center gap-2 rounded-md bg-slate-50 p-2 text-sm">
              <p>The times on this day run backwards.</p>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void editor.save(sortDayByTime(day.date))}
              >
                Sort by time
              </Button>
            </div>
          )}
          {day.activities.length === 0 && !adding ? (
            <p className="text-slate-600">Nothing planned for this day yet.</p>
          ) : null}
          <SortableContext
            items={day.activities.map((a) => a.id)}
            strategy={verticalListSortingStrategy}
          >
            <ol aria-label={`Activities of ${title}`} className="flex flex-col gap-3">
              {shown.map((activity, index) => {
                const away = activity.id === editingId && atIndex < 0;
                return (
                  <SortableActivity
                    key={activity.id}
                    fits={(fits.get(activity.id) ?? []).map((fit) => ({
                      label:
                        fit.kind === "replace"
                          ? fit.label
                          : `${fit.label.replace(/ on \S+$/, "")} on ${dayLabel(fit.date)}`,
                      onSelect: () =>
                        focusAfter(
                          focusActivity(activity.id),
                          editor.save(removeActivity(fit.plannedId)),
                        ),
                    }))}
                    activity={activity}
                    day={day}
                    days={days}
                    warnings={warnings.filter((w) => w.activityId === activity.id)}
                    editing={editingId === activity.id}
                    dayDate={away ? (elsewhere?.date ?? null) : day.date}
                    whereNow={
                      away && elsewhere
                        ? `Day ${elsewhere.i + 1} · ${formatWeekday(elsewhere.date)}`
                        : undefined
                    }
                    onEdit={() => {
                      clearFocus();
                      setEditing({ activity, index });
                    }}
                    onCancelEdit={() => {
                      setEditing(null);
                      focusAfter(focusActivity(away ? day.activities[index]?.id : activity.id));
                    }}
                    onSave={async (changed, whole) => {
                      if (away && !elsewhere) {
                        // Removed by someone else: the traveller's version comes back as a new
                        // activity of this day (its place kept unless the location was changed).
                        const known = new Set(day.activities.map((a) => a.id));
                        const id = newActivityId();
                        const placed = whole.location === activity.location ? activity : UNPLACED;
                        const result = await saveFromForm(
                          editor,
                          addActivity(day.date, { ...activity, ...placed, ...whole, id }),
                        );
                        if (formOutcome(result) !== "done") return formOutcome(result);
                        setEditing(null);
                        focusAfter(focusActivity(newIdOf(result, day.date, known, id)));
                        return "done";
                      }
                      // Only the fields the traveller changed: a companion's change to the others
                      // stays. Moved by someone else, it stays where they put it.
                      const outcome =
                        Object.keys(changed).length === 0
                          ? "done"
                          : formOutcome(
                              await saveFromForm(editor, updateActivity(activity.id, changed)),
                            );
                      if (outcome !== "done") return outcome;
                      setEditing(null);
                      focusAfter(focusActivity(away ? day.activities[index]?.id : activity.id));
                      return outcome;
                    }}
                    onRemove={() => {
                      const neighbour = neighbourOf(activity.id);
                      focusAfter(
                        focusActivity(neighbour),
                        editor.save(removeActivity(activity.id)),
                        // Not removed after all (a failed save is rolled back): the activity itself.
                        (result) =>
                          focusActivity(
                            result.status === "saved" || result.status === "queued"
                              ? neighbour
                              : activity.id,
                          ),
                      );
                    }}
                    fittingTime={
                      activity.id === movedId
                        ? fittingTime(day.activities, day.activities.indexOf(activity))
                        : null
                    }
                    busy={
                      activity.id === movedId
                        ? busyAt(day.activities, day.activities.indexOf(activity))
                        : null
                    }
                    onUseTime={(time) =>
                      focusAfter(
                        focusActivity(activity.id),
                        editor.save(updateActivity(activity.id, { time })),
                      )
                    }
                    onMoveToDay={(date) => {
                      onMoved?.(activity.id);
                      focusAfter(
                        focusActivity(neighbourOf(activity.id)),
                        editor.save(moveActivityToDay(activity.id, date)),
                      );
                    }}
                    slots={slots}
                    placeContext={placeContext}
                    onSetLegMode={(mode) => setLegMode.mutate({ activityId: activity.id, mode })}
                  />
                );
              })}
            </ol>
          </SortableContext>
          {adding ? (
            <ActivityForm
              title={`New activity on ${title}`}
              submitLabel="Add to day"
              initial={EMPTY_ACTIVITY}
              renderLocationField={slots.renderLocationField}
              onCancel={() => {
                setAdding(false);
                focusAfter(focusActivity(null));
              }}
              onSave={async (_changed, whole) => {
                const known = new Set(day.activities.map((a) => a.id));
                const id = newActivityId();
                const result = await saveFromForm(
                  editor,
                  addActivity(day.date, { id, ...UNPLACED, ...whole }),
                );
                // Refused or met a conflict: the form stays open with what was typed.
                if (formOutcome(result) !== "done") return formOutcome(result);
                setAdding(false);
                focusAfter(focusActivity(newIdOf(result, day.date, known, id)));
                return "done";
              }}
            />
          ) : (
            <Button
              id={addButtonId(day.date)}
              variant="secondary"
              className="self-start"
              disabled={full}
              onClick={() => {
                clearFocus();
                setAdding(true);
              }}
            >
              Add activity
            </Button>
          )}
          {full ? (
            <p className="text-sm text-slate-600">
              A day holds at most {MAX_ACTIVITIES_PER_DAY} activities.
            </p>
          ) : null}
          {setLegMode.isError ? (
            <p role="alert" className="text-sm font-medium text-red-800">
              {getErrorMessage(setLegMode.error, "Could not change how to get there")}
            </p>
          ) : null}
          <DayTotal
            day={day}
            local={placeContext.local?.(null, day)}
            travelPending={travelPending}
          />
          {slots.renderDayExtras?.(day, {
            regenerate: (instruction) =>
              setRegenerateRequest((previous) => ({ instruction, at: (previous?.at ?? 0) + 1 })),
            ...(placeActivity ? { placeActivity } : {}),
          })}
        </div>
      </div>
    </section>
  );
}
