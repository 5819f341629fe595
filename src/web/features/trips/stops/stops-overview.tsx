import type { ReactNode } from "react";
import type { Stay, Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { formatWeekday } from "#web/lib/format.ts";
import {
  formatArrival,
  formatDeparture,
  formatJourneyCost,
  formatJourneyTitle,
  formatRoute,
  formatStayDates,
  formatStayPrice,
  formatStayRooms,
  STAY_KIND_LABELS,
} from "./stops-format.ts";

/** What every page shows of a journey; the shared page has no booking references. */
export type JourneyView = Omit<Transport, "reference"> & { reference?: string | null };
export type StayView = Omit<Stay, "reference"> & { reference?: string | null };

/** The cities in order: "Paris · 2 nights → Lyon · 2 nights". */
export function TripRoute({ stops }: { stops: readonly TripStop[] }) {
  if (stops.length < 2) return null;
  return (
    <p className="text-brand-900 font-medium break-words" data-testid="trip-route">
      <span className="sr-only">Route: </span>
      {formatRoute(stops)}
    </p>
  );
}

/**
 * What the planner proposed is said to be so (issue 47): "Planned, not booked", and "Estimated"
 * when its price (or times) is an estimate rather than a listed offer or a booking.
 */
export function PlanTags({ planned, estimated }: { planned?: boolean; estimated?: boolean }) {
  if (!planned && !estimated) return null;
  const tag = "rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800";
  return (
    <p className="flex flex-wrap gap-1">
      {planned ? <span className={tag}>Planned, not booked</span> : null}
      {estimated ? <span className={tag}>Estimated</span> : null}
    </p>
  );
}

/**
 * A journey: mode, from and to, carrier and number, times in their own local zones; a planned one
 * also its length and its price for the whole party (`travellers`).
 */
export function JourneyCard({
  journey,
  actions,
  travellers,
}: {
  journey: JourneyView;
  actions?: ReactNode;
  travellers?: number | undefined;
}) {
  const cost = formatJourneyCost(journey, travellers);
  return (
    <div
      className="rounded-md border border-slate-200 bg-white p-3 text-sm"
      data-testid="journey-card"
    >
      <p className="font-medium break-words">{formatJourneyTitle(journey)}</p>
      <p className="text-slate-700">{formatDeparture(journey)}</p>
      <p className="text-slate-700">{formatArrival(journey)}</p>
      {cost ? <p className="text-slate-700">{cost}</p> : null}
      <PlanTags planned={journey.planned} estimated={journey.estimated} />
      {journey.reference ? (
        <p className="text-slate-600">Booking reference: {journey.reference}</p>
      ) : null}
      {journey.notes ? <p className="break-words text-slate-600">{journey.notes}</p> : null}
      {actions ? <div className="mt-2 flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** A planned or priced stay's price (a night, total), nights and rooms, and why it was chosen. */
export function StayPlanDetails({ stay }: { stay: StayView }) {
  const price = formatStayPrice(stay);
  const priced = price !== null || stay.rooms !== undefined || stay.nights !== undefined;
  return (
    <>
      {price ? <p className="font-medium text-slate-800">{price}</p> : null}
      {priced ? <p className="text-slate-700">{formatStayRooms(stay)}</p> : null}
      {stay.why ? <p className="break-words text-slate-600">Why: {stay.why}</p> : null}
      <PlanTags planned={stay.planned} estimated={stay.estimated} />
    </>
  );
}

/**
 * Where the travellers sleep, city by city, with check-in and check-out. `renderActions` adds the
 * editor's buttons (a stay's Edit and Remove, a city's Add a stay); without it the list is read-only.
 */
export function StaysByStop({
  stops,
  stays,
  headingLevel = "h3",
  renderStayActions,
  renderStopActions,
  renderStopExtra,
}: {
  stops: readonly TripStop[];
  stays: readonly StayView[];
  headingLevel?: "h2" | "h3";
  renderStayActions?: (stay: StayView) => ReactNode;
  renderStopActions?: (stopIndex: number) => ReactNode;
  /** Under a city's stays (the editor's open form, a note that it has none). */
  renderStopExtra?: (stopIndex: number) => ReactNode;
}) {
  const Heading = headingLevel;
  return (
    <section aria-labelledby="stays-heading" className="flex min-w-0 flex-col gap-3">
      <Heading id="stays-heading" className="text-lg font-semibold">
        Stays
      </Heading>
      <ul className="grid gap-3 sm:grid-cols-2">
        {stops.map((stop, index) => {
          const own = stays.filter((s) => s.stopIndex === index);
          return (
            <li
              key={stop.id}
              className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3"
            >
              <p className="font-medium break-words">
                {stop.destination}{" "}
                <span className="font-normal text-slate-600">
                  ({formatWeekday(stop.startDate)} – {formatWeekday(stop.endDate)})
                </span>
              </p>
              {own.length === 0 ? (
                <p className="text-sm text-slate-600">No stay added yet.</p>
              ) : (
                <ul aria-label={`Stays in ${stop.destination}`} className="flex flex-col gap-2">
                  {own.map((stay) => (
                    <li
                      key={stay.id}
                      className="rounded-md bg-slate-50 p-2 text-sm"
                      data-testid="stay-card"
                    >
                      <p className="font-medium break-words">{stay.name}</p>
                      {stay.kind ? (
                        <p className="text-slate-700">{STAY_KIND_LABELS[stay.kind]}</p>
                      ) : null}
                      {stay.address ? (
                        <p className="break-words text-slate-700">{stay.address}</p>
                      ) : null}
                      <p className="text-slate-700">{formatStayDates(stay)}</p>
                      <StayPlanDetails stay={stay} />
                      {stay.reference ? (
                        <p className="text-slate-600">Booking reference: {stay.reference}</p>
                      ) : null}
                      {renderStayActions ? (
                        <div className="mt-1 flex flex-wrap gap-2">{renderStayActions(stay)}</div>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
              {renderStopExtra?.(index)}
              {renderStopActions?.(index)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
