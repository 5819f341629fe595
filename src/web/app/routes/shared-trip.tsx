import { useParams } from "#web/lib/router/location.tsx";
import { ActivityMapTools } from "#web/features/trip-map/components/activity-map-tools.tsx";
import { TripMap } from "#web/features/trip-map/components/trip-map.tsx";
import { SharedTripView } from "#web/features/trips/components/shared-trip-view.tsx";
import { ExportMenu } from "#web/features/places-io/components/export-menu.tsx";
import { DirectionsLink, OpenInMaps } from "#web/features/places-io/components/open-in-maps.tsx";

// Public: anyone with the link, signed in or not. The map is read-only here (no pins by hand).
export function SharedTripRoute() {
  const { id = "" } = useParams();
  return (
    <SharedTripView
      key={id}
      id={id}
      slots={{
        renderMap: (context) => <TripMap {...context} />,
        renderActivityExtras: (activity) => (
          <>
            <ActivityMapTools activity={activity} canPlace={false} />
            <DirectionsLink activity={activity} />
          </>
        ),
        renderDayExtras: (day) => <OpenInMaps day={day} label={day.date} />,
        // Public trips only: without booking references and costs.
        headerExtras: (
          <div className="mt-4">
            <ExportMenu base={`/api/shared/${encodeURIComponent(id)}`} />
          </div>
        ),
      }}
    />
  );
}
