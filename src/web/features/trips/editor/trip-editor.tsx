import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { useCallback, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { Trip } from "#shared/schemas/trip.ts";
import type { TripProposal } from "#shared/schemas/trip-edit.ts";
import { TRIP_CONFLICT_MESSAGE } from "#shared/constants.ts";
import { Button, buttonStyles } from "#web/components/ui/button.tsx";
import { useRegisterOpenTrip, type OpenTrip } from "#web/lib/open-trip.ts";
import { formatDateRange, formatUsd, formatWeekday } from "#web/lib/format.ts";
import { styleLabel } from "../format.ts";
import { dayTotal } from "../components/day-activities.tsx";
import { DeleteTripButton } from "../components/delete-trip-dialog.tsx";
import { TakeAlongLinks } from "../components/take-along-links.tsx";
import { ShareTripPanel } from "../components/share-trip-panel.tsx";
import { TripFact } from "../components/trip-fact.tsx";
import { GroundingNote } from "../components/grounding-note.tsx";
import { costsAreEstimates, placesWereChecked } from "../place-info.ts";
import { usePlaceHours } from "../use-place-hours.ts";
import { DAY_DROP_PREFIX, DayNav } from "./day-nav.tsx";
import { DuplicateTripButton } from "./duplicate-trip-button.tsx";
import { EditableDay } from "./editable-day.tsx";
import {
  moveActivity,
  replaceDays,
  setFacts,
  toEditable,
  updateActivity,
} from "./editable-trip.ts";
import { EditorToolbar } from "./editor-toolbar.tsx";
import type { PlaceActivity, TripDetailSlots } from "#web/lib/trip-slots.ts";
import { TripFactsForm } from "./trip-facts-form.tsx";
import { useTripEditor } from "./use-trip-editor.ts";

const isDay = (id: UniqueIdentifier | undefined) => String(id).startsWith(DAY_DROP_PREFIX);

// A pointer over a day in the list means "move there"; otherwise the nearest activity of the day.
const collisions: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) return closestCenter(args);
  const days = args.droppableContainers.filter((c) => isDay(c.id));
  const onDay = pointerWithin({ ...args, droppableContainers: days });
  if (onDay.length > 0) return onDay;
  return closestCenter({
    ...args,
    droppableContainers: args.droppableContainers.filter((c) => !isDay(c.id)),
  });
};

/** /trips/:id for the owner: the trip as an editor. */
export function TripEditor({ trip, slots = {} }: { trip: Trip; slots?: TripDetailSlots }) {
  const editor = useTripEditor(trip);
  const [params, setParams] = useSearchParams();
  const [editingFacts, setEditingFacts] = useState(false);
  const days = trip.itinerary.days;
  const requested = Number(params.get("day") ?? "1");
  const index =
    Number.isInteger(requested) && requested >= 1 && requested <= days.length ? requested - 1 : 0;
  const day = days[index];
  const dayTitle = (i: number) => `Day ${i + 1} · ${formatWeekday(days[i]?.date ?? "")}`;
  const total = days.reduce((sum, d) => sum + dayTotal(d), 0);
  const unknownCosts = days.flatMap((d) => d.activities).filter((a) => a.cost === null).length;
  const remaining = trip.budget - total;
  const hours = usePlaceHours(trip.place, days);
  const placeContext = useMemo(
    () => ({
      checked: placesWereChecked(trip.grounding),
      estimatedCosts: costsAreEstimates(trip.grounding),
      hours,
    }),
    [trip.grounding, hours],
  );

  const selectDay = (n: number) => {
    const next = new URLSearchParams(params);
    if (n === 1) next.delete("day");
    else next.set("day", String(n));
    setParams(next, { replace: true });
  };

  // The assistant sees this trip while the editor is open, and applies its proposals through it.
  const { save } = editor;
  const openTrip = useMemo<OpenTrip>(
    () => ({
      tripId: trip.id,
      version: trip.version,
      days,
      applyProposal: async (proposal: TripProposal) => {
        const result = await save(
          replaceDays(proposal.days, "Assistant's proposal"),
          "proposal",
          proposal.version,
        );
        if (result.status === "saved") return { status: "saved" };
        if (result.status === "conflict")
          return {
            status: "conflict",
            message: `${TRIP_CONFLICT_MESSAGE}. Nothing was overwritten; ask again for the latest version.`,
          };
        return {
          status: "error",
          message: result.status === "error" ? result.message : "Not saved",
        };
      },
    }),
    [trip.id, trip.version, days, save],
  );
  useRegisterOpenTrip(openTrip);

  // A pin placed by hand is an ordinary edit: the new lat/lng in a PATCH, undoable like any other.
  const placeActivity = useCallback<PlaceActivity>(
    (activityId, { lat, lng }) =>
      void save({ ...updateActivity(activityId, { lat, lng }), label: "Place on the map" }),
    [save],
  );
  const map = slots.renderMap?.({
    days,
    dayIndex: index,
    place: trip.place,
    destination: trip.destination,
    placeActivity,
  });

  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const activities = day?.activities ?? [];
  const nameOf = (id: UniqueIdentifier) =>
    days.flatMap((d) => d.activities).find((a) => a.id === id)?.activity ?? "activity";
  const position = (id: UniqueIdentifier | undefined) =>
    `position ${activities.findIndex((a) => a.id === id) + 1} of ${activities.length}`;
  const dayName = (id: UniqueIdentifier) => {
    const i = days.findIndex((d) => `${DAY_DROP_PREFIX}${d.date}` === id);
    return i >= 0 ? dayTitle(i) : "another day";
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, at ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      !over
        ? `${nameOf(active.id)} is no longer over a place to drop it.`
        : isDay(over.id)
          ? `${nameOf(active.id)} is over ${dayName(over.id)}. Drop to move it to the end of that day.`
          : `${nameOf(active.id)} is over ${position(over.id)}.`,
    onDragEnd: ({ active, over }) =>
      !over
        ? `${nameOf(active.id)} was dropped where it was.`
        : isDay(over.id)
          ? `${nameOf(active.id)} was moved to ${dayName(over.id)}.`
          : `${nameOf(active.id)} was dropped at ${position(over.id)}.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || !day) return;
    const id = String(active.id);
    if (isDay(over.id)) {
      const date = String(over.id).slice(DAY_DROP_PREFIX.length);
      if (date !== day.date) void save(moveActivity(id, date, Infinity));
      return;
    }
    const from = activities.findIndex((a) => a.id === id);
    const to = activities.findIndex((a) => a.id === over.id);
    if (from >= 0 && to >= 0 && from !== to) void save(moveActivity(id, day.date, to));
  };

  return (
    <div className="flex flex-col gap-6">
      <Link to="/trips" className="text-brand-800 w-fit text-sm hover:underline">
        ← My Trips
      </Link>
      <header className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="text-3xl font-bold break-words">{trip.destination}</h1>
          {editingFacts ? null : (
            <Button variant="secondary" size="sm" onClick={() => setEditingFacts(true)}>
              Edit details
            </Button>
          )}
        </div>
        {editingFacts ? (
          <TripFactsForm
            trip={toEditable(trip)}
            onCancel={() => setEditingFacts(false)}
            onSave={(facts) => {
              setEditingFacts(false);
              void save(setFacts(facts));
            }}
          />
        ) : (
          <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
            <TripFact label="Dates">{formatDateRange(trip.startDate, trip.endDate)}</TripFact>
            <TripFact label="Style">{styleLabel(trip.travelStyle)}</TripFact>
            <TripFact label="Budget">{formatUsd(trip.budget)}</TripFact>
            <TripFact label="Planned spending">
              {formatUsd(total)}{" "}
              <span className={remaining < 0 ? "text-red-800" : "text-slate-600"}>
                {remaining < 0
                  ? `(${formatUsd(-remaining)} over budget)`
                  : `(${formatUsd(remaining)} under budget)`}
              </span>
              {unknownCosts > 0 ? (
                <span className="block font-normal text-slate-600">
                  Not counted: {unknownCosts} with unknown cost
                </span>
              ) : null}
            </TripFact>
          </dl>
        )}
        <GroundingNote grounding={trip.grounding} days={days} />
        {slots.headerExtras}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <ShareTripPanel trip={trip} />
          <div className="flex flex-wrap gap-3">
            {/* The home form prefills from ?tripId= (specification: "if a trip id is given"). */}
            <Link to={`/?tripId=${trip.id}`} className={buttonStyles({ variant: "secondary" })}>
              Plan a similar trip
            </Link>
            <TakeAlongLinks
              calendarHref={`/api/trips/${trip.id}/calendar.ics`}
              printTo={`/trips/${trip.id}/print`}
            />
            <DuplicateTripButton tripId={trip.id} startDate={trip.startDate} />
            <DeleteTripButton tripId={trip.id} />
          </div>
        </div>
      </header>
      <EditorToolbar editor={editor} />
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              "To move an activity, press Space or Enter to pick it up, use the arrow keys to move it, and press Space or Enter again to drop it, or Escape to cancel. Dropping it on a day in the list of days moves it there; Move to does the same.",
          },
        }}
      >
        <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
          <DayNav days={days} selected={index} onSelect={selectDay} />
          {day ? (
            <EditableDay
              key={day.date}
              tripId={trip.id}
              day={day}
              days={days}
              title={dayTitle(index)}
              editor={editor}
              slots={slots}
              map={map}
              dayBudget={days.length > 0 && trip.budget > 0 ? trip.budget / days.length : null}
              placeActivity={placeActivity}
              placeContext={placeContext}
            />
          ) : null}
        </div>
      </DndContext>
    </div>
  );
}
