import type { Trip } from "#shared/schemas/trip.ts";
import { ExportMenu } from "./export-menu.tsx";
import { ImportPlacesButton } from "./import-places-dialog.tsx";

/** The trip page's saved-places tools: "Export" for every member, "Import places" for editors. */
export function PlacesIoTools({
  trip,
  onApplied,
}: {
  trip: Pick<Trip, "id" | "role" | "itinerary">;
  onApplied?: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <ExportMenu base={`/api/trips/${encodeURIComponent(trip.id)}`} />
      {trip.role === "viewer" ? null : (
        <ImportPlacesButton
          tripId={trip.id}
          days={trip.itinerary.days}
          {...(onApplied ? { onApplied } : {})}
        />
      )}
    </div>
  );
}
