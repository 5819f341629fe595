import { useRef, useState } from "react";
import { Link } from "#web/lib/router/link.tsx";
import { ACCESS_MESSAGES } from "#shared/constants.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { formatDateRange, formatUsd, formatWeekday } from "#web/lib/format.ts";
import type { TripDetailSlots } from "#web/lib/trip/trip-slots.ts";
import { DuplicateTripButton } from "../editor/duplicate-trip-dialog.tsx";
import { styleLabel } from "../../../lib/trip/trip-format.ts";
import { costsAreEstimates, placesWereChecked } from "../place-info.ts";
import { localCostsOf } from "../local-cost.ts";
import { usePlaceHours } from "../use-place-hours.ts";
import { DayActivities, dayTotal } from "./day-activities.tsx";
import { GroundingNote } from "./grounding-note.tsx";
import { TakeAlongLinks } from "./take-along-links.tsx";
import { TripFact } from "../../../components/trip-fact.tsx";
import { TripTabs } from "./trip-tabs.tsx";
import { LiveStatus } from "../editor/live-status.tsx";
import { useTripLive } from "../editor/use-trip-live.ts";
import { StaysByStop, TripRoute } from "../stops/stops-overview.tsx";
import { TransferDayHeader } from "../stops/transfer-day-header.tsx";
import { routeContextOf } from "../stops/route-notes.tsx";
import { usePeopleControl } from "./people-control.tsx";
import { PlacingNote } from "./placing-note.tsx";

/**
 * /trips/:id for a viewer: the plan without a single edit control, a note that says so, and what a
 * viewer may do (take it along, copy it into a trip of their own, see who is on it, leave).
 */
export function TripViewer({ trip, slots = {} }: { trip: Trip; slots?: TripDetailSlots }) {
  const days = trip.itinerary.days;
  const [mapDay, setMapDay] = useState(0);
  // A viewer saves nothing, so every change that arrives is someone else's, and is announced.
  const noOwnSaves = useRef(new Set<number>());
  const live = useTripLive(trip.id, noOwnSaves);
  const hours = usePlaceHours(trip.place, days);
  const people = usePeopleControl(slots.renderPeople?.(trip));
  const placeContext = {
    checked: placesWereChecked(trip.grounding),
    estimatedCosts: costsAreEstimates(trip.grounding),
    hours,
    local: localCostsOf(trip),
  };
  return (
    <article className="flex flex-col gap-6">
      <Link to="/trips" className="text-brand-800 w-fit text-sm hover:underline">
        ← My Trips
      </Link>
      <header className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <div>
          <p className="text-brand-800 text-sm font-medium">Shared by {trip.owner.name}</p>
          <h1 className="mt-1 text-3xl font-bold break-words">{trip.name}</h1>
          {trip.name === trip.destination ? null : (
            <p className="text-slate-600">{trip.destination}</p>
          )}
          <TripRoute stops={trip.stops} />
        </div>
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800">
          {ACCESS_MESSAGES.viewerNote}
        </p>
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
          <TripFact label="Dates">{formatDateRange(trip.startDate, trip.endDate)}</TripFact>
          <TripFact label="Style">{styleLabel(trip.travelStyle)}</TripFact>
          <TripFact label="Budget">{formatUsd(trip.budget)}</TripFact>
        </dl>
        <GroundingNote grounding={trip.grounding} days={days} />
        <div className="flex flex-wrap gap-3">
          <TakeAlongLinks
            calendarHref={`/api/trips/${trip.id}/calendar.ics`}
            printTo={`/trips/${trip.id}/print`}
          />
          <DuplicateTripButton tripId={trip.id} startDate={trip.startDate} />
          {slots.renderPlacesIo?.(trip)}
          {people.button}
        </div>
      </header>
      {people.panel}
      <PlacingNote placing={trip.placing} />
      <LiveStatus online={live.online} latest={live.latest} />
      <TripTabs
        money={slots.renderMoney?.(trip)}
        packing={slots.renderPacking?.(trip)}
        ideas={slots.renderIdeas?.(trip)}
        plan={
          <>
            {slots.renderMap?.({
              days,
              dayIndex: Math.min(mapDay, days.length - 1),
              place: trip.place,
              destination: trip.destination,
              grounding: trip.grounding,
              stops: trip.stops,
              stays: trip.stays,
              onSelectDay: setMapDay,
            })}
            {days.map((day, i) => (
              <section key={day.date} aria-labelledby={`viewer-day-${i + 1}`}>
                <h2 id={`viewer-day-${i + 1}`} className="mb-3 text-xl font-semibold">
                  Day {i + 1} · {formatWeekday(day.date)}
                </h2>
                <TransferDayHeader
                  className="mb-3"
                  day={day}
                  stops={trip.stops}
                  transport={trip.transport}
                  travellers={trip.party.travellers}
                />
                <DayActivities
                  day={day}
                  otherDays={days}
                  activityHeading="h3"
                  route={routeContextOf(trip)}
                  travelPending={trip.travelPending?.activityIds}
                  renderActivityExtras={slots.renderActivityExtras}
                  placeContext={placeContext}
                />
              </section>
            ))}
            {trip.stops.length > 1 || trip.stays.length > 0 ? (
              <StaysByStop stops={trip.stops} stays={trip.stays} headingLevel="h2" />
            ) : null}
            <p className="text-right font-semibold">
              Trip total: {formatUsd(days.reduce((sum, day) => sum + dayTotal(day), 0))}
            </p>
          </>
        }
      />
    </article>
  );
}
