import type { RealismWarning } from "#shared/realism-warning.ts";
import type { RouteContext } from "#shared/route-checks.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import type { StayView } from "./stops-overview.tsx";

/** The route checks' context from what a page has (the shared page's stays have no references). */
export const routeContextOf = (trip: {
  stops: Trip["stops"];
  transport: readonly (Omit<Trip["transport"][number], "reference"> & {
    reference?: string | null;
  })[];
  stays: readonly StayView[];
}): RouteContext | undefined =>
  trip.stops.length > 1
    ? {
        stops: trip.stops,
        transport: trip.transport.map((t) => ({ ...t, reference: t.reference ?? null })),
        stays: trip.stays.map((s) => ({ ...s, reference: s.reference ?? null })),
      }
    : undefined;

/** A warning beside its activity; a note ("Where are you staying in Lyon?") gently, for the day. */
export const isNote = (w: RealismWarning) => w.severity === "note";

/** The day's gentle notes (not warnings): a question, without the warning sign. */
export function RouteNotes({ notes }: { notes: readonly RealismWarning[] }) {
  if (notes.length === 0) return null;
  return (
    <ul aria-label="Notes on this day" className="flex flex-col gap-1 text-sm text-slate-700">
      {notes.map((note) => (
        <li key={`${note.kind}-${note.message}`}>{note.message}</li>
      ))}
    </ul>
  );
}
