import type { ReactNode } from "react";
import { MealLabel } from "./meal-label.tsx";
import { ActivityTime } from "./activity-time.tsx";
import { checkDayRealism } from "#shared/realism.ts";
import type { RealismWarning } from "#shared/realism-warning.ts";
import type { RouteContext } from "#shared/route-checks.ts";
import { isNote, RouteNotes } from "../stops/route-notes.tsx";
import type { Activity, Day } from "#shared/schemas/itinerary.ts";
import {
  useIsActivitySelected,
  useScrollWhenPickedOnMap,
} from "#web/lib/trip/activity-selection.ts";
import { formatUsd } from "#web/lib/format.ts";
import { previousOnDay, travelFrom } from "#shared/travel-note.ts";
import {
  dayTravelMinutes,
  legText,
  TRANSIT_SOURCES_URL,
  TRAVEL_PENDING_MESSAGE,
} from "#shared/travel-leg.ts";
import { formatDuration } from "#shared/format.ts";
import { approxLocal, type LocalCurrency } from "../local-cost.ts";
import { ActivityPlace, type PlaceContext } from "./activity-place.tsx";

/** The day's known costs; activities whose cost is unknown (null) are left out, never counted as 0. */
export const dayTotal = (day: Day) => day.activities.reduce((sum, a) => sum + (a.cost ?? 0), 0);
export const unknownCostCount = (day: Day) => day.activities.filter((a) => a.cost === null).length;

export const formatCost = (cost: number | null) =>
  cost === null ? "—" : cost === 0 ? "Free" : formatUsd(cost);

/**
 * A cost as text; unknown reads "—" on screen and "unknown" to screen readers. `estimated`: the
 * planner's typical figure for the kind of place (trips planned from real places), said as such.
 */
export function ActivityCost({
  cost,
  estimated = false,
  local = null,
}: {
  cost: number | null;
  estimated?: boolean;
  /** The stop's currency when it is not USD: "$25 · ≈ €23". */
  local?: LocalCurrency | null;
}) {
  if (cost === null)
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">unknown</span>
      </>
    );
  const approx = cost === null ? null : approxLocal(cost, local);
  return (
    <>
      {formatCost(cost)}
      {approx ? ` · ${approx}` : null}
      {estimated && cost > 0 ? (
        <span className="block text-xs font-normal text-slate-600">Estimated</span>
      ) : null}
    </>
  );
}

const MODE_ICONS = { walk: "🚶", transit: "🚇", bike: "🚲", drive: "🚕" } as const;

/**
 * The leg reaching an activity: a mode icon with its label in words, minutes and distance ("Walk ·
 * 12 min · 900 m"), "estimated" when no router gave it; transit legs link their data's sources.
 */
export function TravelLeg({ travel }: { travel: NonNullable<Activity["travel"]> }) {
  return (
    <p className="mt-1 text-xs break-words text-slate-700" data-testid="travel-leg">
      <span aria-hidden="true">{MODE_ICONS[travel.mode]} </span>
      <span className="sr-only">Getting here: </span>
      {legText(travel)}
      {travel.source === "transit" ? (
        <>
          {" · "}
          <a className="underline" href={TRANSIT_SOURCES_URL} target="_blank" rel="noreferrer">
            timetable sources
          </a>
        </>
      ) : null}
    </p>
  );
}

/** The day total, with a note when some costs are unknown (they are left out, never counted as 0). */
export function DayTotal({
  day,
  local = null,
  travelPending = [],
}: {
  day: Day;
  local?: LocalCurrency | null;
  /** Activities of the trip whose transit leg is still being asked (the trip's `travelPending`). */
  travelPending?: readonly string[] | undefined;
}) {
  const pending = day.activities.some((a) => travelPending.includes(a.id));
  const unknown = unknownCostCount(day);
  const approx = approxLocal(dayTotal(day), local);
  const travelMinutes = dayTravelMinutes(day);
  const routed = day.activities.some((a) => a.travel && a.travel.source !== "estimate");
  return (
    <p className="mt-3 text-right font-medium">
      Day total: {formatUsd(dayTotal(day))}
      {approx ? ` · ${approx}` : null}
      {travelMinutes > 0 ? ` · Travel: ${formatDuration(travelMinutes)}` : null}
      {pending ? (
        <span role="status" className="block text-xs font-normal text-slate-600">
          {TRAVEL_PENDING_MESSAGE}
        </span>
      ) : null}
      {routed ? (
        <span className="block text-xs font-normal text-slate-600">
          Routes ©{" "}
          <a
            className="underline"
            href="https://www.openstreetmap.org/copyright"
            target="_blank"
            rel="noreferrer"
          >
            OpenStreetMap contributors
          </a>
        </span>
      ) : null}
      {unknown > 0 ? (
        <span className="block text-sm font-normal text-slate-600">
          Not counted: {unknown} with unknown cost
        </span>
      ) : null}
    </p>
  );
}

/**
 * Under an activity: why it is in the plan (when the planner said), and its realism warnings, gently
 * and with the reason ("About 14 km from the previous stop with 30 minutes between them").
 */
export function ActivityNotes({
  activity,
  previous,
  warnings,
}: {
  activity: Pick<Activity, "why" | "lat" | "lng" | "location" | "activity" | "travel">;
  /** The activity before it on its day: the way from there is drawn from coordinates, always current. */
  previous?: Activity | null | undefined;
  warnings: readonly RealismWarning[];
}) {
  // The routed leg when the server has one (issue 46); older trips read the straight-line note.
  const travel = activity.travel ? null : travelFrom(previous, activity);
  return (
    <>
      {activity.travel ? <TravelLeg travel={activity.travel} /> : null}
      {travel ? <p className="mt-1 text-xs break-words text-slate-600">{travel}</p> : null}
      {activity.why ? (
        <p className="mt-1 text-xs break-words text-slate-600">Why: {activity.why}</p>
      ) : null}
      {warnings.map((warning) => (
        <p key={warning.kind} className="mt-1 text-sm font-medium text-amber-900">
          <span aria-hidden="true">⚠ </span>
          <span className="sr-only">Worth a look: </span>
          {warning.message}
        </p>
      ))}
    </>
  );
}

type ActivityItemProps = {
  activity: Activity;
  day: Day;
  activityHeading: "h3" | "h4";
  warnings: readonly RealismWarning[];
  renderActivityExtras?: ((activity: Activity, day: Day) => ReactNode) | undefined;
  placeContext: PlaceContext | undefined;
};

function ActivityItem({
  activity,
  day,
  activityHeading: ActivityHeading,
  warnings,
  renderActivityExtras,
  placeContext,
}: ActivityItemProps) {
  const selected = useIsActivitySelected(activity.id);
  const scrollRef = useScrollWhenPickedOnMap(activity.id);
  return (
    <li
      ref={scrollRef}
      aria-current={selected ? "true" : undefined}
      className={`grid gap-1 rounded-lg border bg-white p-4 sm:grid-cols-[7rem_1fr_auto] sm:gap-4 ${selected ? "border-brand-700 ring-brand-600 ring-2" : "border-slate-200"}`}
    >
      <ActivityTime
        activity={activity}
        className="text-brand-800 font-mono text-sm font-semibold"
      />
      <div className="min-w-0">
        <MealLabel activity={activity} />
        <ActivityHeading className="font-semibold break-words">{activity.activity}</ActivityHeading>
        <p className="text-sm break-words text-slate-600">
          <span className="sr-only">Location: </span>
          {activity.location}
        </p>
        {placeContext ? (
          <ActivityPlace activity={activity} date={day.date} context={placeContext} />
        ) : null}
        <p className="mt-1 break-words text-slate-800">{activity.description}</p>
        <ActivityNotes
          activity={activity}
          previous={previousOnDay(day, activity.id)}
          warnings={warnings}
        />
      </div>
      <p className="text-sm font-medium sm:text-right">
        <span className="sr-only">Cost: </span>
        <ActivityCost
          cost={activity.cost}
          estimated={placeContext?.estimatedCosts}
          local={placeContext?.local?.(activity, day)}
        />
      </p>
      {renderActivityExtras ? (
        <div className="sm:col-span-3">{renderActivityExtras(activity, day)}</div>
      ) : null}
    </li>
  );
}

/** One day's activities, in order. All text is model output: rendered as text, never as HTML. */
export function DayActivities({
  day,
  otherDays = [],
  activityHeading,
  renderActivityExtras,
  placeContext,
  route,
  travelPending,
}: {
  /** A trip with several stops: the route checks, its notes shown for the day. */
  route?: RouteContext | undefined;
  /** Activities whose transit leg is still being asked: the day says so. */
  travelPending?: readonly string[] | undefined;
  day: Day;
  /** The trip's days, for the "same place on two days" check. */
  otherDays?: readonly Day[];
  activityHeading: "h3" | "h4";
  renderActivityExtras?: ((activity: Activity, day: Day) => ReactNode) | undefined;
  /** Real places: links, hours and the closed-place check (once the hours library is loaded). */
  placeContext?: PlaceContext | undefined;
}) {
  // No budget here: the shared page does not show the owner's means.
  const warnings = checkDayRealism(day, {
    dayBudget: null,
    otherDays,
    openAt: placeContext?.hours?.openAt,
    route,
  });
  return (
    <>
      <RouteNotes notes={warnings.filter(isNote)} />
      <ol className="flex flex-col gap-3">
        {day.activities.map((activity) => (
          <ActivityItem
            key={activity.id}
            activity={activity}
            day={day}
            activityHeading={activityHeading}
            warnings={warnings.filter((w) => w.activityId === activity.id && !isNote(w))}
            renderActivityExtras={renderActivityExtras}
            placeContext={placeContext}
          />
        ))}
      </ol>
      <DayTotal day={day} local={placeContext?.local?.(null, day)} travelPending={travelPending} />
    </>
  );
}
