import { travelFrom } from "#shared/travel-note.ts";
import { MealLabel } from "./meal-label.tsx";
import { dayTravelMinutes, legText } from "#shared/travel-leg.ts";
import { formatDuration } from "#shared/format.ts";
import { Link } from "#web/lib/router/link.tsx";
import { ActivityTime } from "./activity-time.tsx";
import {
  GROUNDING_OFF,
  type Day,
  type Grounding,
  type TripPlace,
} from "#shared/schemas/itinerary.ts";
import type { TravelStyle } from "#shared/constants.ts";
import type { Spending, TripParty } from "#shared/schemas/trip-party.ts";
import { SpendingSummary } from "#web/components/spending-breakdown.tsx";
import { usePageTitle } from "#web/components/page-title.tsx";
import { formatDateRange, formatUsd, formatWeekday } from "#web/lib/format.ts";
import { styleLabel } from "../../../lib/trip/trip-format.ts";
import { costsAreEstimates, groundingSummary, placesWereChecked } from "../place-info.ts";
import { usePlaceHours } from "../use-place-hours.ts";
import { ActivityPlace } from "./activity-place.tsx";
import { dayTotal, formatCost, unknownCostCount } from "./day-activities.tsx";
import { OsmAttribution } from "./grounding-note.tsx";

export type PrintableTrip = {
  name: string;
  destination: string;
  startDate: string;
  endDate: string;
  travelStyle: TravelStyle;
  budget?: number;
  itinerary: { days: Day[] };
  place?: TripPlace | null;
  grounding?: Grounding;
  /** The whole trip for the party (issue 47): the owner's page has it; the shared page does not. */
  spending?: Spending | undefined;
  party?: Pick<TripParty, "travellers">;
};

/** Days this long start on a new page, so a day's plan is not split across sheets. */
const LONG_DAY_ACTIVITIES = 5;

/**
 * The trip on paper: every day with its activities, times, places and costs, day and trip totals,
 * no navigation, chat or buttons (the route renders outside the app's layout; `print:hidden` hides
 * the toolbar). Page breaks fall between days.
 */
/** The way from the activity before, drawn from coordinates (never stored in a description). */
function TravelLine({ text }: { text: string | null }) {
  return text ? <p className="mt-1 text-xs break-words text-slate-600">{text}</p> : null;
}

export function TripPrintView({ trip, backTo }: { trip: PrintableTrip; backTo: string }) {
  usePageTitle(`${trip.name} (print)`);
  const days = trip.itinerary.days;
  const total = days.reduce((sum, d) => sum + dayTotal(d), 0);
  const unknown = days.reduce((sum, d) => sum + unknownCostCount(d), 0);
  const grounding = trip.grounding ?? GROUNDING_OFF;
  const hours = usePlaceHours(trip.place, days);
  const placeContext = {
    checked: placesWereChecked(grounding),
    estimatedCosts: costsAreEstimates(grounding),
    hours,
  };
  const summary = groundingSummary(grounding, days);
  return (
    <article className="mx-auto max-w-3xl bg-white p-6 text-slate-900 print:max-w-none print:p-0">
      <div className="mb-6 flex gap-3 print:hidden">
        <button
          type="button"
          onClick={() => window.print()}
          className="bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-medium text-white"
        >
          Print or save as PDF
        </button>
        <Link to={backTo} className="rounded-md border border-slate-300 px-4 py-2 font-medium">
          Back to the trip
        </Link>
      </div>
      <header className="border-b border-slate-300 pb-4">
        <h1 className="text-3xl font-bold break-words">{trip.name}</h1>
        <p className="mt-1 text-slate-700">
          {formatDateRange(trip.startDate, trip.endDate)} · {styleLabel(trip.travelStyle)} travel
          {trip.budget !== undefined ? ` · Budget ${formatUsd(trip.budget)}` : ""}
        </p>
        {summary.found ? <p className="mt-1 text-sm text-slate-700">{summary.found}</p> : null}
        {trip.spending ? (
          <div className="mt-2 text-sm">
            <p className="font-medium">
              Planned spending {formatUsd(trip.spending.total)}
              {trip.budget !== undefined
                ? trip.spending.total > trip.budget
                  ? ` (${formatUsd(trip.spending.total - trip.budget)} over budget)`
                  : ` (${formatUsd(trip.budget - trip.spending.total)} under budget)`
                : ""}
            </p>
            <SpendingSummary spending={trip.spending} travellers={trip.party?.travellers ?? 1} />
          </div>
        ) : null}
      </header>
      {days.map((day, i) => (
        <section
          key={day.date}
          aria-labelledby={`print-day-${i + 1}`}
          className={`mt-6 ${i > 0 && day.activities.length >= LONG_DAY_ACTIVITIES ? "print:break-before-page" : "print:break-inside-avoid"}`}
        >
          <h2 id={`print-day-${i + 1}`} className="text-xl font-semibold">
            Day {i + 1} · {formatWeekday(day.date)}
          </h2>
          {day.activities.length === 0 ? (
            <p className="mt-2 text-slate-600">Nothing planned.</p>
          ) : (
            <table className="mt-2 w-full border-collapse text-left text-sm">
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-1 pr-3">
                    Time
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Activity
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right">
                    Cost
                  </th>
                </tr>
              </thead>
              <tbody>
                {day.activities.map((a, index) => (
                  <tr
                    key={a.id}
                    className="border-b border-slate-200 align-top print:break-inside-avoid"
                  >
                    <td className="py-2 pr-3 font-mono">
                      <ActivityTime activity={a} />
                    </td>
                    <td className="py-2 pr-3">
                      <MealLabel activity={a} />
                      <p className="font-semibold break-words">{a.activity}</p>
                      <p className="break-words text-slate-700">{a.location}</p>
                      <ActivityPlace activity={a} date={day.date} context={placeContext} />
                      {a.description ? <p className="mt-1 break-words">{a.description}</p> : null}
                      <TravelLine
                        text={
                          a.travel ? legText(a.travel) : travelFrom(day.activities[index - 1], a)
                        }
                      />
                    </td>
                    <td className="py-2 text-right whitespace-nowrap">{formatCost(a.cost)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="mt-2 text-right font-medium">
            Day total: {formatUsd(dayTotal(day))}
            {dayTravelMinutes(day) > 0
              ? ` · Travel: ${formatDuration(dayTravelMinutes(day))}`
              : null}
          </p>
        </section>
      ))}
      <p className="mt-6 border-t border-slate-300 pt-3 text-right text-lg font-semibold">
        Trip total: {formatUsd(total)}
        {unknown > 0 ? (
          <span className="block text-sm font-normal text-slate-600">
            Not counted: {unknown} {unknown === 1 ? "activity" : "activities"} with unknown cost
          </span>
        ) : null}
      </p>
      <p className="mt-6 text-xs text-slate-500">Planned with Boundless.</p>
      {summary.showsOsmData ? <OsmAttribution className="mt-1" /> : null}
    </article>
  );
}
