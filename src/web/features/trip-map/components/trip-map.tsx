import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import type { Day, Grounding, TripPlace } from "#shared/schemas/itinerary.ts";
import { Button } from "#web/components/ui/button.tsx";
import {
  clearActivitySelection,
  selectActivity,
  useActivitySelection,
} from "#web/lib/trip/activity-selection.ts";
import { usePublicConfig } from "#web/lib/get-public-config.ts";
import type { MapCity, MapIdea, MapStay } from "#web/lib/trip/trip-slots.ts";
import { dayMapView, roundPoint, stopLabel, type LatLng } from "../map-model.ts";
import { AddIdeaAtPoint } from "./add-idea-at-point.tsx";
import { setPicking, usePicking } from "../picking.ts";
import { TRANSIT_SOURCES_URL } from "#shared/travel-leg.ts";
import { useDayRoute } from "../api/get-day-route.ts";
import { routeLegend, routeStrokes } from "../route-strokes.ts";

// Leaflet (about 40 KB gzip) and its CSS come with this chunk, fetched when a trip page shows a map.
const LeafletView = lazy(() => import("./leaflet-view.tsx"));

export const TILES_FAILED_MESSAGE = "Map tiles could not be loaded. The list below has every stop.";

export type TripMapProps = {
  /** The trip's id on members' pages: the day's legs are drawn along their routes (issue 46). */
  tripId?: string | undefined;
  days: readonly Day[];
  /** The day shown (0-based). */
  dayIndex: number;
  place: TripPlace | null;
  destination: string;
  /** Why the trip has no real places, when a service failed: the notice says so. */
  grounding?: Grounding | undefined;
  /** The owner's page only: saves a pin placed by hand through the editor's normal save. */
  placeActivity?: ((activityId: string, point: LatLng) => void) | undefined;
  /** Pages that show every day at once (the shared page) let the map switch days itself. */
  onSelectDay?: ((dayIndex: number) => void) | undefined;
  stops?: readonly MapCity[] | undefined;
  stays?: readonly MapStay[] | undefined;
  /** The group's ideas with a place: pins in their own colour (issue 49). */
  ideas?: readonly MapIdea[] | undefined;
  /** Editors: a click on the map offers "Add to ideas" with that point as the idea's place. */
  addIdea?: ((point: LatLng, title: string) => Promise<unknown>) | undefined;
};

/**
 * The map of the selected day: numbered stops in visit order joined by a line, the other days'
 * stops fainter, fitted to the day. Everything on it is also in the list; when tiles or places are
 * missing it says so in words.
 */
export function TripMap({
  tripId,
  days,
  dayIndex,
  place,
  destination,
  grounding,
  placeActivity,
  onSelectDay,
  stops,
  stays,
  ideas,
  addIdea,
}: TripMapProps) {
  const config = usePublicConfig().data;
  const selection = useActivitySelection();
  const picking = usePicking();
  const [tilesFailed, setTilesFailed] = useState(false);
  // What was just placed, until the next selection (`at` of the selection the placing made).
  const [placed, setPlaced] = useState<{ name: string; at: number } | null>(null);
  const centerRef = useRef<(() => LatLng) | null>(null);
  const [ready, setReady] = useState(false);
  // The point a click (or the centre button) offers to add to the ideas.
  const [offered, setOffered] = useState<LatLng | null>(null);
  const placeButtonRef = useRef<HTMLButtonElement>(null);
  const offlinePlanner = config?.ai.mode === "offline";
  const view = useMemo(
    () =>
      dayMapView({
        days,
        dayIndex,
        place,
        destination,
        offlinePlanner,
        grounding,
        stops,
        stays,
        ideas,
      }),
    [days, dayIndex, place, destination, offlinePlanner, grounding, stops, stays, ideas],
  );
  const day = days[dayIndex];
  const dayRoute = useDayRoute(tripId, day);
  const routes = useMemo(() => routeStrokes(dayRoute.data), [dayRoute.data]);
  const legend = routeLegend(routes);

  // A stop picked in the list on another day (the shared page shows every day) switches the map.
  // Only a new pick does: choosing another day on the map afterwards must not be undone.
  const selectedId = selection?.id ?? null;
  const selectionAt = selection?.at ?? 0;
  const current = useRef({ days, dayIndex, onSelectDay });
  useEffect(() => {
    current.current = { days, dayIndex, onSelectDay };
  });
  useEffect(() => {
    const { days: all, dayIndex: shown, onSelectDay: show } = current.current;
    if (!selectedId || !show) return;
    const owner = all.findIndex((d) => d.activities.some((a) => a.id === selectedId));
    if (owner >= 0 && owner !== shown) show(owner);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectionAt]);

  // Picking belongs to this day's activities; leaving the day (or the page) ends it.
  const pickingId = picking?.activityId;
  useEffect(() => {
    if (pickingId && !day?.activities.some((a) => a.id === pickingId)) setPicking(null);
  }, [pickingId, day]);
  useEffect(
    () => () => {
      setPicking(null);
      clearActivitySelection();
    },
    [],
  );
  // Entering picking mode from the list below: bring the map and its keyboard way into reach.
  useEffect(() => {
    if (!pickingId) return;
    placeButtonRef.current?.scrollIntoView?.({ block: "nearest" });
    placeButtonRef.current?.focus({ preventScroll: true });
  }, [pickingId]);

  const placeAt = (point: LatLng) => {
    if (!picking || !placeActivity) return;
    placeActivity(picking.activityId, roundPoint(point));
    setPlaced({ name: picking.name, at: selectionAt + 1 });
    setPicking(null);
    selectActivity(picking.activityId, "map");
  };

  const selectedStop = view.stops.find((s) => s.id === selectedId);
  const showMap = view.stops.length > 0 || view.fallback !== null || picking !== null;
  const dayCities = view.cities.map((c) => c.name).join(" → ");
  const panRequest = selection?.from === "list" ? selection.at : 0;

  return (
    <div role="region" aria-label="Trip map" className="flex min-w-0 flex-col gap-2">
      {onSelectDay && days.length > 1 ? (
        <div role="group" aria-label="Day on the map" className="flex flex-wrap gap-2">
          {days.map((d, i) => (
            <Button
              key={d.date}
              size="sm"
              variant={i === dayIndex ? "primary" : "secondary"}
              aria-pressed={i === dayIndex}
              onClick={() => onSelectDay(i)}
            >
              Day {i + 1}
            </Button>
          ))}
        </div>
      ) : null}
      {view.notice ? <p className="text-sm text-slate-700">{view.notice}</p> : null}
      {view.ideas.length > 0 ? (
        <p className="text-sm text-slate-700">
          Violet pins are the group&apos;s ideas: {view.ideas.map((i) => i.name).join(", ")}.
        </p>
      ) : null}
      {view.route.length > 1 ? (
        <p className="text-sm text-slate-700">
          The line joins the cities in order ({view.route.map((c) => c.name).join(" → ")})
          {dayCities ? `; this day is in ${dayCities}` : ""}.
        </p>
      ) : null}
      {tilesFailed ? (
        <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {TILES_FAILED_MESSAGE}
        </p>
      ) : null}
      {picking && placeActivity ? (
        <div className="border-brand-600 bg-brand-50 flex flex-col gap-2 rounded-md border p-3 text-sm">
          <p>
            Placing “{picking.name}”: click the map where it is, or move the map so that its centre
            is there and choose Place at the map&apos;s centre.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              ref={placeButtonRef}
              size="sm"
              disabled={!ready}
              onClick={() => {
                const center = centerRef.current;
                if (center) placeAt(center());
              }}
            >
              Place at the map&apos;s centre
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setPicking(null)}>
              Cancel placing
            </Button>
          </div>
        </div>
      ) : null}
      {addIdea && !picking ? (
        offered ? (
          <AddIdeaAtPoint
            key={`${offered.lat},${offered.lng}`}
            point={offered}
            onAdd={addIdea}
            onClose={() => setOffered(null)}
          />
        ) : showMap && config?.map ? (
          <Button
            size="sm"
            variant="secondary"
            className="w-fit"
            disabled={!ready}
            onClick={() => {
              const center = centerRef.current;
              if (center) setOffered(roundPoint(center()));
            }}
          >
            Add the map&apos;s centre to ideas
          </Button>
        ) : null
      ) : null}
      {/* A placed stop's pin is moved from the map (its list item offers only "Show on the map"). */}
      {selectedStop && placeActivity && !picking ? (
        <Button
          size="sm"
          variant="secondary"
          className="w-fit"
          onClick={() => setPicking({ activityId: selectedStop.id, name: selectedStop.name })}
        >
          Move the pin of “{selectedStop.name}”
        </Button>
      ) : null}
      {showMap && config?.map ? (
        // Phones: edge to edge (out of the page's 1 rem padding) and most of the screen's height.
        // Wide screens: beside the list, as tall as the window (the column is sticky).
        <div
          data-testid="trip-map-canvas"
          className="isolate -mx-4 h-[60vh] max-h-[32rem] min-h-72 overflow-hidden border-y border-slate-300 bg-slate-100 sm:mx-0 sm:h-96 sm:max-h-none sm:rounded-lg sm:border xl:h-[calc(100dvh-8rem)] xl:min-h-[28rem]"
        >
          <Suspense fallback={<p className="p-3 text-sm text-slate-600">Loading the map…</p>}>
            <LeafletView
              tileUrl={config.map.tileUrl}
              attribution={config.map.attribution}
              view={view}
              routes={routes}
              selectedId={selectedId}
              panRequest={panRequest}
              picking={picking !== null && placeActivity !== undefined}
              onSelect={(id) => selectActivity(id, "map")}
              onPick={placeAt}
              onMapClick={addIdea ? (point) => setOffered(roundPoint(point)) : undefined}
              onTilesFailed={setTilesFailed}
              onReady={(center) => {
                centerRef.current = center;
                setReady(center !== null);
              }}
            />
          </Suspense>
        </div>
      ) : null}
      {showMap && config?.map && legend ? (
        <p className="text-sm text-slate-700" data-testid="route-legend">
          {legend}
          {routes.some((r) => r.kind !== "straight") ? (
            <>
              {" "}
              Routes © OpenStreetMap contributors (
              <a
                className="underline"
                href="https://www.openstreetmap.org/fixthemap"
                target="_blank"
                rel="noreferrer"
              >
                fix the map
              </a>
              )
            </>
          ) : null}
          {dayRoute.data?.transit ? (
            <>
              ; transit from{" "}
              <a className="underline" href={TRANSIT_SOURCES_URL} target="_blank" rel="noreferrer">
                Transitous and its sources
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {placed && placed.at === selectionAt
          ? `“${placed.name}” placed on the map.`
          : selectedStop
            ? `Selected on the map: ${stopLabel(selectedStop)}`
            : ""}
      </p>
    </div>
  );
}
