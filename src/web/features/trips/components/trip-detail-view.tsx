import { Link, useSearchParams } from "react-router";
import type { ReactNode } from "react";
import type { Day } from "#shared/schemas/itinerary.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { usePageTitle } from "#web/components/page-title.tsx";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { useTrip } from "../api/get-trip.ts";
import { formatDateRange, formatUsd, formatWeekday, styleLabel } from "../format.ts";
import { DayActivities, dayTotal } from "./day-activities.tsx";
import { DeleteTripButton } from "./delete-trip-dialog.tsx";
import { ShareTripPanel } from "./share-trip-panel.tsx";
import { TakeAlongLinks } from "./take-along-links.tsx";
import { TripNotFound } from "./trip-not-found.tsx";
import { TripLoadError } from "./trip-load-error.tsx";
import { TripFact } from "./trip-fact.tsx";

/** /trips/:id for the owner: header, actions, day list and the selected day's activities. */
/** What other features add to each day (weather, map…), composed by the route. */
export type DayExtras = (day: Day, trip: Trip) => ReactNode;

export function TripDetailView({
  id,
  renderDayExtras,
}: {
  id: string;
  renderDayExtras?: DayExtras;
}) {
  const query = useTrip(id);
  usePageTitle(query.data?.destination ?? "Trip");

  if (query.isPending) {
    return (
      <p role="status" className="text-slate-600">
        Loading...
      </p>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404) {
      return <TripNotFound action={{ to: "/trips", label: "Back to My Trips" }} />;
    }
    return <TripLoadError onRetry={() => void query.refetch()} />;
  }
  return <TripDetail trip={query.data} renderDayExtras={renderDayExtras} />;
}

function TripDetail({ trip, renderDayExtras }: { trip: Trip; renderDayExtras?: DayExtras }) {
  const [params, setParams] = useSearchParams();
  const days = trip.itinerary.days;
  const requested = Number(params.get("day") ?? "1");
  const index =
    Number.isInteger(requested) && requested >= 1 && requested <= days.length ? requested - 1 : 0;
  const day = days[index];
  const total = days.reduce((sum, d) => sum + dayTotal(d), 0);
  const remaining = trip.budget - total;

  const selectDay = (n: number) => {
    const next = new URLSearchParams(params);
    if (n === 1) next.delete("day");
    else next.set("day", String(n));
    setParams(next, { replace: true });
  };

  return (
    <div className="flex flex-col gap-6">
      <Link to="/trips" className="text-brand-800 w-fit text-sm hover:underline">
        ← My Trips
      </Link>
      <header className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6">
        <h1 className="text-3xl font-bold break-words">{trip.destination}</h1>
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
          </TripFact>
        </dl>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <ShareTripPanel trip={trip} />
          <div className="flex flex-wrap gap-3">
            {/* The home form prefills from ?tripId= (specification: "if a trip id is given"). */}
            <Link
              to={`/?tripId=${trip.id}`}
              className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100"
            >
              Plan a similar trip
            </Link>
            <TakeAlongLinks
              calendarHref={`/api/trips/${trip.id}/calendar.ics`}
              printTo={`/trips/${trip.id}/print`}
            />
            <DeleteTripButton tripId={trip.id} />
          </div>
        </div>
      </header>

      <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
        <nav aria-label="Days">
          <ul className="flex flex-col gap-2">
            {days.map((d, i) => (
              <li key={d.date}>
                <button
                  type="button"
                  aria-pressed={i === index}
                  onClick={() => selectDay(i + 1)}
                  className={`flex w-full items-center justify-between rounded-lg border px-4 py-3 text-left ${
                    i === index
                      ? "border-brand-700 bg-brand-50 text-brand-800"
                      : "border-slate-200 bg-white hover:bg-slate-50"
                  }`}
                >
                  <span>
                    <span className="block font-semibold">Day {i + 1}</span>
                    <span className="block text-sm text-slate-600">{formatWeekday(d.date)}</span>
                  </span>
                  <span className="text-sm">{formatUsd(dayTotal(d))}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {day ? (
          <section aria-labelledby="selected-day-heading">
            <h2 id="selected-day-heading" className="mb-3 text-xl font-semibold">
              Day {index + 1} · {formatWeekday(day.date)}
            </h2>
            {renderDayExtras ? <div className="mb-3">{renderDayExtras(day, trip)}</div> : null}
            <DayActivities day={day} activityHeading="h3" />
          </section>
        ) : null}
      </div>
    </div>
  );
}
