import { DndContext } from "@dnd-kit/core";
import { useCallback, useMemo, useState } from "react";
import { Link } from "#web/lib/router/link.tsx";
import { useSearchParams } from "#web/lib/router/location.tsx";
import type { Trip } from "#shared/schemas/trip.ts";
import type { TripProposal } from "#shared/schemas/trip-edit.ts";
import { TRIP_CONFLICT_MESSAGE } from "#shared/constants.ts";
import { useRegisterOpenTrip, type OpenTrip } from "#web/lib/trip/open-trip.ts";
import { formatWeekday } from "#web/lib/format.ts";
import type { PlaceActivity, TripDetailSlots } from "#web/lib/trip/trip-slots.ts";
import { costsAreEstimates, placesWereChecked } from "../place-info.ts";
import { localCostsOf } from "../local-cost.ts";
import { usePlaceHours } from "../use-place-hours.ts";
import { DayNav } from "./day-nav.tsx";
import { EditableDay } from "./editable-day.tsx";
import {
  allOf,
  removeStay,
  replaceDays,
  setFacts,
  setName,
  updateActivity,
} from "./editable-trip.ts";
import { EditorToolbar } from "./editor-toolbar.tsx";
import { PlaceChoices } from "./place-choices.tsx";
import { TripEditorHeader } from "./trip-editor-header.tsx";
import { useActivityDrag } from "./use-activity-drag.ts";
import { useTripEditor } from "./use-trip-editor.ts";
import { TripTabs } from "../components/trip-tabs.tsx";
import { HistoryPanel } from "./history-panel.tsx";
import { LiveChangeContext } from "./live-change-context.ts";
import { LiveStatus } from "./live-status.tsx";
import { useTripLive } from "./use-trip-live.ts";
import { routeContextOf } from "../stops/route-notes.tsx";
import { TransferDayEditor } from "./transfer-day-editor.tsx";
import { TripRoutePanel, TripStaysPanel } from "./trip-stops-panel.tsx";
import { acceptBookings } from "./accept-bookings.ts";
import { usePeopleControl } from "../components/people-control.tsx";
import { PlacingNote } from "../components/placing-note.tsx";

/** /trips/:id for the owner: the trip as an editor. */
export function TripEditor({ trip, slots = {} }: { trip: Trip; slots?: TripDetailSlots }) {
  const editor = useTripEditor(trip);
  const live = useTripLive(trip.id, editor.savedVersions);
  const [params, setParams] = useSearchParams();
  const days = trip.itinerary.days;
  const requested = Number(params.get("day") ?? "1");
  const index =
    Number.isInteger(requested) && requested >= 1 && requested <= days.length ? requested - 1 : 0;
  const day = days[index];
  const dayTitle = (i: number) => `Day ${i + 1} · ${formatWeekday(days[i]?.date ?? "")}`;
  const hours = usePlaceHours(trip.place, days);
  const placeContext = useMemo(
    () => ({
      checked: placesWereChecked(trip.grounding),
      estimatedCosts: costsAreEstimates(trip.grounding),
      hours,
      local: localCostsOf(trip),
    }),
    [trip, hours],
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
          "chat",
        );
        // Kept offline counts as applied: it is on the page and sent when the connection returns.
        if (result.status === "saved" || result.status === "queued") return { status: "saved" };
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
    grounding: trip.grounding,
    stops: trip.stops,
    stays: trip.stays,
    placeActivity,
  });

  const drag = useActivityDrag({ days, day, dayTitle, save });
  // "I booked elsewhere" on a planned stay: Add bookings opens, and a stay added from it takes the
  // planned one's place (one change: the booking in, the plan out).
  const [bookedElsewhere, setBookedElsewhere] = useState<{ count: number; stayId: string | null }>({
    count: 0,
    stayId: null,
  });
  const acceptPicks = (picks: Parameters<typeof acceptBookings>[1]) => {
    const accepted = acceptBookings(trip, picks);
    const planned = bookedElsewhere.stayId;
    setBookedElsewhere((current) => ({ ...current, stayId: null }));
    void editor.save(
      planned && picks.stays.some((s) => !s.existing)
        ? allOf([accepted, removeStay(planned, "Add bookings")], "Add bookings")
        : accepted,
    );
  };
  const people = usePeopleControl(slots.renderPeople?.(trip));

  return (
    <LiveChangeContext.Provider value={live.latest}>
      <div className="flex flex-col gap-4 sm:gap-6">
        <Link to="/trips" className="text-brand-800 w-fit text-sm hover:underline">
          ← My Trips
        </Link>
        <TripEditorHeader
          trip={trip}
          extras={slots.headerExtras}
          people={people.button}
          onSaveFacts={(facts) => void save(setFacts(facts))}
          onRename={(name) => void save(setName(name))}
        />
        {people.panel}
        {trip.stops.length > 1 ? <TripRoutePanel trip={trip} editor={editor} /> : null}
        <TripTabs
          money={slots.renderMoney?.(trip)}
          packing={slots.renderPacking?.(trip)}
          ideas={slots.renderIdeas?.(trip)}
          aside={<LiveStatus online={live.online} latest={live.latest} />}
          plan={
            <>
              {/* The plan first (issue 44): undo and redo beside it, the other tools after it. */}
              <EditorToolbar editor={editor} />
              <PlacingNote placing={trip.placing} />
              <PlaceChoices editor={editor} days={days} />
              <DndContext {...drag.context}>
                <div className="grid gap-4 md:grid-cols-[14rem_1fr] md:gap-6">
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
                      dayBudget={
                        days.length > 0 && trip.budget > 0 ? trip.budget / days.length : null
                      }
                      placeActivity={placeActivity}
                      placeContext={placeContext}
                      movedId={drag.movedId}
                      onMoved={drag.markMoved}
                      route={routeContextOf(trip)}
                      travelPending={trip.travelPending?.activityIds}
                      stopsHeader={<TransferDayEditor trip={trip} day={day} editor={editor} />}
                    />
                  ) : null}
                </div>
              </DndContext>
              {slots.renderBookings?.(trip, acceptPicks, { openRequest: bookedElsewhere.count })}
              {slots.renderPlacesIo?.(trip)}
              {/* One city: its Edit cities (to add more) sits with the stays, below the days. */}
              {trip.stops.length > 1 ? null : <TripRoutePanel trip={trip} editor={editor} />}
              <TripStaysPanel
                trip={trip}
                editor={editor}
                onBookedElsewhere={(stay) =>
                  setBookedElsewhere((current) => ({ count: current.count + 1, stayId: stay.id }))
                }
              />
              <HistoryPanel tripId={trip.id} version={trip.version} />
            </>
          }
        />
      </div>
    </LiveChangeContext.Provider>
  );
}
