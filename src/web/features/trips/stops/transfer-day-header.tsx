import type { ReactNode } from "react";
import type { Day } from "#shared/schemas/itinerary.ts";
import type { TripStop } from "#shared/schemas/trip-stops.ts";
import { transferOn } from "#shared/transfer-day.ts";
import { dayStopIndexes } from "#shared/trip-stop-days.ts";
import { journeysOn, transferTitle } from "./stops-format.ts";
import { JourneyCard, type JourneyView } from "./stops-overview.tsx";

/**
 * A day in one city that still has a journey: the flight in on the first day ("Arriving in Lyon"),
 * the flight home on the last ("Leaving Lyon"), a day trip's train ("Journeys"). Bookings bring
 * these in as often as a traveller types them, and a journey the page did not show was a journey
 * nobody could check or edit.
 */
function journeyDayTitle(day: Pick<Day, "date" | "stops">, stops: readonly TripStop[]): string {
  const stop = stops[dayStopIndexes(day)[0] ?? 0];
  if (stop && day.date === stops[0]?.startDate) return `Arriving in ${stop.destination}`;
  if (stop && day.date === stops.at(-1)?.endDate) return `Leaving ${stop.destination}`;
  return "Journeys";
}

/**
 * A transfer day's header, "Paris → Lyon", with the journeys of that day (or what the page offers
 * instead: the editor's "Add how you get there"). On a day spent in one city, only its journeys
 * when it has some (journeyDayTitle); nothing otherwise.
 */
export function TransferDayHeader({
  day,
  stops,
  transport,
  headingLevel = "h3",
  renderJourneyActions,
  noJourney,
  children,
  className = "",
  travellers,
}: {
  className?: string;
  /** The party's size: a planned journey's price is for all of them. */
  travellers?: number | undefined;
  day: Day;
  stops: readonly TripStop[];
  transport: readonly JourneyView[];
  headingLevel?: "h3" | "h4";
  renderJourneyActions?: (journey: JourneyView) => ReactNode;
  /** Shown when no journey is saved for the day. */
  noJourney?: ReactNode;
  /** Below the journeys (the editor's open form). */
  children?: ReactNode;
}) {
  const transfer = transferTitle(day, stops);
  const journeys = journeysOn(transport, day.date);
  if (!transfer && journeys.length === 0) return null;
  const title = transfer ?? journeyDayTitle(day, stops);
  // Without a journey saved, the planner's allowance by distance, in the planner's own words.
  const allowance = journeys.length === 0 ? transferOn(day.date, stops)?.allowance?.text : null;
  const Heading = headingLevel;
  return (
    <div className={`bg-brand-50 flex min-w-0 flex-col gap-2 rounded-lg p-3 ${className}`}>
      <Heading className="text-lg font-semibold break-words">{title}</Heading>
      {journeys.map((journey) => (
        <JourneyCard
          key={journey.id}
          journey={journey}
          travellers={travellers}
          actions={renderJourneyActions?.(journey)}
        />
      ))}
      {allowance ? <p className="text-sm text-slate-700">{allowance}</p> : null}
      {transfer && journeys.length === 0 ? noJourney : null}
      {children}
    </div>
  );
}
