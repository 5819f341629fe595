import { useState } from "react";
import { Link } from "#web/lib/router/link.tsx";
import { usePageTitle } from "#web/components/page-title.tsx";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { useDeferredFirstData } from "#web/lib/deferred-first-data.ts";
import { useSharedTrip } from "../api/get-shared-trip.ts";
import { formatDateRange, formatUsd, formatWeekday } from "#web/lib/format.ts";
import { styleLabel } from "../../../lib/trip/trip-format.ts";
import { costsAreEstimates, placesWereChecked } from "../place-info.ts";
import { usePlaceHours } from "../use-place-hours.ts";
import { DayActivities, dayTotal } from "./day-activities.tsx";
import { GroundingNote } from "./grounding-note.tsx";
import type { TripDetailSlots } from "#web/lib/trip/trip-slots.ts";
import { TakeAlongLinks } from "./take-along-links.tsx";
import { TripNotFound } from "./trip-not-found.tsx";
import { TripLoadError } from "./trip-load-error.tsx";
import type { TripStop } from "#shared/schemas/trip-stops.ts";
import {
  StaysByStop,
  TripRoute,
  type JourneyView,
  type StayView,
} from "../stops/stops-overview.tsx";
import { TransferDayHeader } from "../stops/transfer-day-header.tsx";
import { routeContextOf } from "../stops/route-notes.tsx";

/** What the shared page has of the stops (no booking references: the API leaves them out). */
type SharedStops = { stops?: TripStop[]; transport?: JourneyView[]; stays?: StayView[] };

const PLAN_OWN = { to: "/", label: "Plan your own trip" };

/**
 * /shared/:token: a read-only itinerary for anyone with the link, and an invitation to plan one.
 * `id` is the link's token (not the trip's id): the calendar and print links carry it on.
 */
export function SharedTripView({
  id,
  slots = {},
}: {
  id: string;
  slots?: Omit<TripDetailSlots, "renderLocationField">;
}) {
  const query = useSharedTrip(id);
  // Every day is listed; the map shows one of them at a time.
  const [mapDay, setMapDay] = useState(0);
  const hours = usePlaceHours(query.data?.place, query.data?.itinerary.days ?? []);
  usePageTitle(query.data ? `${query.data.name} (shared trip)` : "Shared trip");

  const trip = useDeferredFirstData(query.data);

  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404) {
      return <TripNotFound action={PLAN_OWN} />;
    }
    return <TripLoadError onRetry={() => void query.refetch()} />;
  }
  if (!trip) {
    return (
      <p role="status" className="text-slate-600">
        Loading...
      </p>
    );
  }

  // Read as optional: a shared page cached from before stops existed has none of them.
  const { stops = [], transport = [], stays = [] } = trip as SharedStops;
  const placeContext = {
    checked: placesWereChecked(trip.grounding),
    estimatedCosts: costsAreEstimates(trip.grounding),
    hours,
  };
  return (
    <article className="flex flex-col gap-6">
      <header className="rounded-xl border border-slate-200 bg-white p-6">
        <p className="text-brand-800 text-sm font-medium">Shared itinerary</p>
        <h1 className="mt-1 text-3xl font-bold break-words">{trip.name}</h1>
        <p className="mt-2 text-slate-700">
          {formatDateRange(trip.startDate, trip.endDate)} · {styleLabel(trip.travelStyle)} travel
        </p>
        <TripRoute stops={stops} />
        <div className="mt-3">
          <GroundingNote grounding={trip.grounding} days={trip.itinerary.days} />
        </div>
        {slots.headerExtras}
        <div className="mt-4 flex flex-wrap gap-3">
          <TakeAlongLinks
            calendarHref={`/api/shared/${encodeURIComponent(id)}/calendar.ics`}
            printTo={`/shared/${encodeURIComponent(id)}/print`}
          />
        </div>
      </header>
      {slots.renderMap?.({
        days: trip.itinerary.days,
        dayIndex: Math.min(mapDay, trip.itinerary.days.length - 1),
        place: trip.place,
        destination: trip.destination,
        grounding: trip.grounding,
        stops,
        stays,
        onSelectDay: setMapDay,
      })}
      {trip.itinerary.days.map((day, i) => (
        <section key={day.date} aria-labelledby={`shared-day-${i + 1}`}>
          <h2 id={`shared-day-${i + 1}`} className="mb-3 text-xl font-semibold">
            Day {i + 1} · {formatWeekday(day.date)}
          </h2>
          <TransferDayHeader className="mb-3" day={day} stops={stops} transport={transport} />
          <DayActivities
            day={day}
            otherDays={trip.itinerary.days}
            activityHeading="h3"
            route={routeContextOf({ stops, transport, stays })}
            renderActivityExtras={slots.renderActivityExtras}
            placeContext={placeContext}
          />
          {slots.renderDayExtras?.(day)}
        </section>
      ))}
      {stops.length > 1 || stays.length > 0 ? (
        <StaysByStop stops={stops} stays={stays} headingLevel="h2" />
      ) : null}
      <p className="text-right font-semibold">
        Trip total: {formatUsd(trip.itinerary.days.reduce((sum, day) => sum + dayTotal(day), 0))}
      </p>
      <aside className="bg-brand-700 rounded-2xl p-6 text-center text-white">
        <h2 className="text-2xl font-bold">Like this plan?</h2>
        <p className="text-brand-50 mt-2">
          Boundless drafts a day-by-day itinerary for your own dates, budget and interests.
        </p>
        <Link
          to={PLAN_OWN.to}
          className="text-brand-800 hover:bg-brand-50 mt-4 inline-block rounded-md bg-white px-4 py-2 font-semibold"
        >
          {PLAN_OWN.label}
        </Link>
      </aside>
    </article>
  );
}
